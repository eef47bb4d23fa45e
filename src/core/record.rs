//! The one way the core writes a trace: [`Record::record`].

/// Writing into an optional trace. A query takes its trace as `Option<&mut Trace>`
/// and writes every record with `trace.record(|t| …)`: the closure, and every value
/// it builds for the record, runs only when a trace was given, so a query without
/// one computes nothing for it and allocates nothing.
pub(crate) trait Record<T> {
    fn record(&mut self, write: impl FnOnce(&mut T));
}

impl<T> Record<T> for Option<&mut T> {
    #[inline(always)]
    fn record(&mut self, write: impl FnOnce(&mut T)) {
        if let Some(t) = self.as_deref_mut() {
            write(t);
        }
    }
}
