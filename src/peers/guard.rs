//! An engine that stops is an answer, not a crash: Box2D's assertions and parry2d's
//! panics on one query are caught and returned as a [`PeerFault`].
//!
//! **Box2D.** `boxdd-sys` compiles Box2D without `NDEBUG`, so every `B2_ASSERT` is live:
//! a failed condition calls the handler set by `b2SetAssertFcn`, and a non-zero return
//! traps (`__builtin_trap`, SIGILL). Our handler records the condition, file and line
//! for the calling thread and returns 0: Box2D goes on as a release build of Box2D
//! would (there the assertion does not exist). Whether going on is safe was decided
//! per function, from the vendored sources (Box2D v3.2), for the calls made in
//! `peers`:
//!
//! | function | its assertions | going on after one |
//! |---|---|---|
//! | `b2ShapeDistance` | proxies not empty, radii ≥ 0, cache count ≤ 3, `b2IsNormalized(normal)` (distance.c:579), two unreachable `switch` defaults | safe: values only; proxies of 1..8 points, a cleared cache and radii ≥ 0 are ours |
//! | `b2ShapeCast` | `target > tolerance`, the distance's normal unit and distance > 0 | safe: values only, the loop is bounded (20) |
//! | `b2TimeOfImpact` | unit rotations, `target > tolerance`, separation-function cache count in 1..2, `switch` defaults | safe: the cache indices stay within the 3-entry arrays; the defaults are unreachable (the type is set from the count) |
//! | `b2Collide*` (pairs) | capsule axes not degenerate, segment distances > 0, point counts 0 or 2 | safe: values only (a zero axis normalises to zero) |
//! | `b2CollideChainSegmentAnd*` | cache count 2, distinct indices, an incident edge found | safe: indices come from the distance cache (valid); the incident-edge check cannot fail, both paths that leave it unset return first |
//! | `b2MakePolygon`, `b2MakeProxy` | `b2ValidateHull`, area, edge length | not reached: a hull is validated first (`box2d::accepts_polygon`), proxies hold ≤ 8 points |
//! | `b2RayCast*` | `b2IsValidRay`, `0 ≤ lower ≤ maxFraction` | the ray is validated first (`box2d::ray_input`); the interval check is values only |
//!
//! No call needs another process: none of these assertions guards a memory access our
//! inputs can reach. The first assertion of a call is kept; the answer of that query is
//! withheld (a debug build of Box2D would have stopped there).
//!
//! **parry2d** panics are caught with `catch_unwind`; while a parry query runs, the
//! panic hook records the message and location instead of printing them.

use super::b2;
use crate::trace::peer_answer::{Engine, PeerFault};
use std::cell::{Cell, RefCell};
use std::ffi::{c_char, c_int, CStr};
use std::sync::Once;

/// The first check that failed on this thread since the last [`box2d`] call began, and
/// the panic a parry query raised: (condition or message, file, line).
type Stop = (String, String, u32);

thread_local! {
    static ASSERTED: RefCell<Option<Stop>> = const { RefCell::new(None) };
    static PANICKED: RefCell<Option<Stop>> = const { RefCell::new(None) };
    /// A parry query is running on this thread: its panic is recorded, not printed.
    static IN_PARRY: Cell<bool> = const { Cell::new(false) };
}

static INSTALL: Once = Once::new();

/// Box2D's condition as written, without the macro's inner spaces:
/// `b2IsNormalized( normal )` → `b2IsNormalized(normal)`.
fn tidy_condition(c: &str) -> String {
    c.trim().replace("( ", "(").replace(" )", ")")
}

/// The file's base name (Box2D passes `__FILE__`, a build path).
fn base_name(path: &str) -> String {
    path.rsplit(['/', '\\']).next().unwrap_or(path).to_string()
}

/// Box2D's assert handler: records the first failed check of the thread's current call
/// and lets Box2D go on (0: no trap). Never unwinds into C.
unsafe extern "C" fn on_box2d_assert(
    condition: *const c_char,
    file: *const c_char,
    line: c_int,
) -> c_int {
    let text = |p: *const c_char| {
        if p.is_null() {
            String::new()
        } else {
            // SAFETY: Box2D passes string literals (`#condition`, `__FILE__`).
            unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
        }
    };
    let stop = (
        tidy_condition(&text(condition)),
        base_name(&text(file)),
        line.max(0) as u32,
    );
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        ASSERTED.with(|a| {
            if let Ok(mut a) = a.try_borrow_mut() {
                a.get_or_insert(stop);
            }
        });
    }));
    0
}

/// Installs Box2D's assert handler and the panic hook, once per process.
pub fn install() {
    INSTALL.call_once(|| {
        // SAFETY: sets a function pointer Box2D keeps in a static; the handler is a
        // plain `extern "C"` function that never unwinds.
        unsafe { b2::b2SetAssertFcn(Some(on_box2d_assert)) };
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if IN_PARRY.with(Cell::get) {
                let message = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic without a message".into());
                let (file, line) = info
                    .location()
                    .map_or((String::new(), 0), |l| (base_name(l.file()), l.line()));
                PANICKED.with(|p| *p.borrow_mut() = Some((message, file, line)));
                return;
            }
            previous(info)
        }));
    });
}

/// Runs Box2D calls (`f`) for `query`; the first assertion they raise is the answer.
pub fn box2d<T>(query: &'static str, f: impl FnOnce() -> T) -> Result<T, PeerFault> {
    install();
    ASSERTED.with(|a| *a.borrow_mut() = None);
    let value = f();
    match ASSERTED.with(|a| a.borrow_mut().take()) {
        None => Ok(value),
        Some((condition, file, line)) => Err(PeerFault {
            engine: Engine::Box2d,
            query,
            kind: "assertion",
            condition,
            file,
            line,
        }),
    }
}

/// Runs a parry2d query (`f`); a panic is the answer.
pub fn parry<T>(query: &'static str, f: impl FnOnce() -> T) -> Result<T, PeerFault> {
    install();
    let was = IN_PARRY.with(|p| p.replace(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    IN_PARRY.with(|p| p.set(was));
    result.map_err(|_| {
        let (condition, file, line) = PANICKED
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| ("a panic".into(), String::new(), 0));
        PeerFault {
            engine: Engine::Parry,
            query,
            kind: "panic",
            condition,
            file,
            line,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box2d_assertion_is_recorded_and_the_process_goes_on() {
        // A zero-length capsule axis: b2CollideCapsules asserts (manifold.c).
        let capsule = b2::b2Capsule {
            center1: b2::b2Vec2 { x: 0.0, y: 0.0 },
            center2: b2::b2Vec2 { x: 0.0, y: 0.0 },
            radius: 0.5,
        };
        let identity = b2::b2Transform {
            p: b2::b2Vec2 { x: 0.0, y: 0.0 },
            q: b2::b2Rot { c: 1.0, s: 0.0 },
        };
        // SAFETY: plain values.
        let fault = box2d("manifold", || unsafe {
            b2::b2CollideCapsules(&capsule, &capsule, identity)
        })
        .unwrap_err();
        assert_eq!(fault.kind, "assertion");
        assert_eq!(fault.file, "manifold.c");
        assert!(fault.condition.contains("dd1 > epsSqr"), "{fault}");
        assert!(
            fault.to_string().starts_with("Box2D v3 asserted `"),
            "{fault}"
        );
        // The next call starts clean.
        assert!(box2d("version", || unsafe { b2::b2GetVersion() }).is_ok());
    }

    #[test]
    fn a_parry_panic_is_recorded_with_its_location_and_not_printed() {
        let fault = parry("distance", || -> u32 { panic!("index out of range") }).unwrap_err();
        assert_eq!(fault.kind, "panic");
        assert_eq!(fault.condition, "index out of range");
        assert_eq!(fault.file, "guard.rs");
        assert!(fault.line > 0);
        assert_eq!(parry("distance", || 7).unwrap(), 7);
    }

    #[test]
    fn conditions_are_tidied() {
        assert_eq!(
            tidy_condition("b2IsNormalized( normal )"),
            "b2IsNormalized(normal)"
        );
        assert_eq!(base_name("/a/b/src/distance.c"), "distance.c");
    }
}
