//! Time of impact of two moving shapes.
//! - [`swept_sat`]: translation only, separating axes swept over the step (exact for polygons);
//! - [`shape_cast`]: conservative advancement on the GJK distance (any convex pair, rounded);
//! - [`rotating`]: moving and turning, Box2D v3's `b2TimeOfImpact` made safe for spins.

pub mod rotating;
pub mod shape_cast;
pub mod swept_sat;
