//! Box2D's C API as the peers call it: boxdd-sys' bindings (its types, and on the
//! desktop its functions, which link to the Box2D that boxdd-sys builds).
//!
//! On the web (wasm32) boxdd-sys builds no C and declares each function as an import of
//! a separate provider module, under a symbol name mangled with its crate's hash that
//! no C object can define. The web build compiles Box2D's narrow phase into the module
//! itself (build.rs), and the functions the peers call are declared again here under
//! their C names, with the bindings' own signatures: these declarations shadow the
//! glob import, so the peers' code is the same on both targets.

pub use boxdd_sys::ffi::*;

#[cfg(target_arch = "wasm32")]
#[allow(non_snake_case)]
extern "C" {
    pub fn b2CollideCapsuleAndCircle(
        capsuleA: *const b2Capsule,
        circleB: *const b2Circle,
        xf: b2Transform,
    ) -> b2LocalManifold;
    pub fn b2CollideCapsules(
        capsuleA: *const b2Capsule,
        capsuleB: *const b2Capsule,
        xf: b2Transform,
    ) -> b2LocalManifold;
    pub fn b2CollideChainSegmentAndCapsule(
        segmentA: *const b2ChainSegment,
        capsuleB: *const b2Capsule,
        xf: b2Transform,
        cache: *mut b2SimplexCache,
    ) -> b2LocalManifold;
    pub fn b2CollideChainSegmentAndCircle(
        segmentA: *const b2ChainSegment,
        circleB: *const b2Circle,
        xf: b2Transform,
    ) -> b2LocalManifold;
    pub fn b2CollideChainSegmentAndPolygon(
        segmentA: *const b2ChainSegment,
        polygonB: *const b2Polygon,
        xf: b2Transform,
        cache: *mut b2SimplexCache,
    ) -> b2LocalManifold;
    pub fn b2CollideCircles(
        circleA: *const b2Circle,
        circleB: *const b2Circle,
        xf: b2Transform,
    ) -> b2LocalManifold;
    pub fn b2CollidePolygonAndCapsule(
        polygonA: *const b2Polygon,
        capsuleB: *const b2Capsule,
        xf: b2Transform,
    ) -> b2LocalManifold;
    pub fn b2CollidePolygonAndCircle(
        polygonA: *const b2Polygon,
        circleB: *const b2Circle,
        xf: b2Transform,
    ) -> b2LocalManifold;
    pub fn b2CollidePolygons(
        polygonA: *const b2Polygon,
        polygonB: *const b2Polygon,
        xf: b2Transform,
    ) -> b2LocalManifold;
    pub fn b2CollideSegmentAndCapsule(
        segmentA: *const b2Segment,
        capsuleB: *const b2Capsule,
        xf: b2Transform,
    ) -> b2LocalManifold;
    pub fn b2CollideSegmentAndCircle(
        segmentA: *const b2Segment,
        circleB: *const b2Circle,
        xf: b2Transform,
    ) -> b2LocalManifold;
    pub fn b2CollideSegmentAndPolygon(
        segmentA: *const b2Segment,
        polygonB: *const b2Polygon,
        xf: b2Transform,
    ) -> b2LocalManifold;
    pub fn b2GetVersion() -> b2Version;
    pub fn b2MakePolygon(hull: *const b2Hull, radius: f32) -> b2Polygon;
    pub fn b2MakeProxy(
        points: *const b2Vec2,
        count: ::std::os::raw::c_int,
        radius: f32,
    ) -> b2ShapeProxy;
    pub fn b2RayCastCapsule(shape: *const b2Capsule, input: *const b2RayCastInput) -> b2CastOutput;
    pub fn b2RayCastCircle(shape: *const b2Circle, input: *const b2RayCastInput) -> b2CastOutput;
    pub fn b2RayCastPolygon(shape: *const b2Polygon, input: *const b2RayCastInput) -> b2CastOutput;
    pub fn b2RayCastSegment(
        shape: *const b2Segment,
        input: *const b2RayCastInput,
        oneSided: bool,
    ) -> b2CastOutput;
    pub fn b2SetAssertFcn(assertFcn: b2AssertFcn);
    pub fn b2ShapeCast(input: *const b2ShapeCastPairInput) -> b2CastOutput;
    pub fn b2ShapeDistance(
        input: *const b2DistanceInput,
        cache: *mut b2SimplexCache,
        simplexes: *mut b2Simplex,
        simplexCapacity: ::std::os::raw::c_int,
    ) -> b2DistanceOutput;
    pub fn b2TimeOfImpact(input: *const b2TOIInput) -> b2TOIOutput;
    pub fn b2ValidateHull(hull: *const b2Hull) -> bool;
}
