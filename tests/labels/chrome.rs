//! Telling the view's chrome (the grid and the scale bar, kept off the labels by other
//! means) from the marks of the draw list, as a test painter is called.

/// Whether the painter is inside the grid's or the scale bar's group: a test painter
/// forwards its `begin_group` and `end_group` here.
#[derive(Default)]
pub struct Chrome(bool);

impl Chrome {
    /// A group begins: chrome when its class is the grid's or the scale bar's.
    pub fn begin(&mut self, class: Option<&str>) {
        self.0 = matches!(class, Some("grid" | "scale"));
    }

    /// The group ends.
    pub fn end(&mut self) {
        self.0 = false;
    }

    /// Inside the grid's or the scale bar's group.
    pub fn on(&self) -> bool {
        self.0
    }
}
