//! Exact geometry in f64: the brute-force helpers the references are built from (also
//! used by the differential tests, so that one hull and one segment distance serve all).

use glam::DVec2;

pub fn cross64(a: DVec2, b: DVec2) -> f64 {
    a.x * b.y - a.y * b.x
}

pub fn rotate(v: DVec2, angle: f64) -> DVec2 {
    let (s, c) = angle.sin_cos();
    DVec2::new(c * v.x - s * v.y, s * v.x + c * v.y)
}

/// Unsigned angle between two directions (radians).
pub fn angle_between(a: DVec2, b: DVec2) -> f64 {
    cross64(a, b).atan2(a.dot(b)).abs()
}

/// Outward unit normals of a counter-clockwise core, the core's convention: edge `i`
/// runs from vertex `i` to `i + 1`; a 2-vertex core has two edges (both sides), a
/// 1-vertex core none.
pub fn normals64(core: &[DVec2]) -> Vec<DVec2> {
    let n = core.len();
    if n < 2 {
        return Vec::new();
    }
    (0..n)
        .map(|i| {
            let e = core[(i + 1) % n] - core[i];
            DVec2::new(e.y, -e.x).normalize_or_zero()
        })
        .collect()
}

/// The edges of a core outline: `n` for a polygon, one for a segment, a zero-length
/// one for a point.
pub fn outline_edges(core: &[DVec2]) -> impl Iterator<Item = (DVec2, DVec2)> + '_ {
    let n = core.len();
    let count = match n {
        1 | 2 => 1,
        _ => n,
    };
    (0..count).map(move |i| (core[i], core[(i + 1) % n]))
}

pub fn closest_on_segment(a: DVec2, b: DVec2, p: DVec2) -> DVec2 {
    let e = b - a;
    let ee = e.dot(e);
    if ee == 0.0 {
        return a;
    }
    a + e * ((p - a).dot(e) / ee).clamp(0.0, 1.0)
}

/// True when the segments cross at a point interior to both (strict signs).
pub fn crosses(p1: DVec2, p2: DVec2, q1: DVec2, q2: DVec2) -> bool {
    let d1 = cross64(q2 - q1, p1 - q1);
    let d2 = cross64(q2 - q1, p2 - q1);
    let d3 = cross64(p2 - p1, q1 - p1);
    let d4 = cross64(p2 - p1, q2 - p1);
    ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
}

/// Signed distance from `p` to a convex CCW core (negative inside a polygon; the
/// distance to the segment or point for 2- and 1-vertex cores).
pub fn sd_core(core: &[DVec2], p: DVec2) -> f64 {
    let n = core.len();
    if n >= 3 {
        let mut inside = f64::NEG_INFINITY;
        for i in 0..n {
            let e = core[(i + 1) % n] - core[i];
            let len = e.length();
            if len == 0.0 {
                continue;
            }
            let out = DVec2::new(e.y, -e.x) / len;
            inside = inside.max(out.dot(p - core[i]));
        }
        if inside <= 0.0 {
            return inside;
        }
    }
    outline_edges(core)
        .map(|(a, b)| (closest_on_segment(a, b, p) - p).length())
        .fold(f64::INFINITY, f64::min)
}

/// Convex hull (Andrew's monotone chain), counter-clockwise, collinear points dropped.
pub fn hull64(points: &[DVec2]) -> Vec<DVec2> {
    let mut p = points.to_vec();
    p.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    p.dedup();
    if p.len() <= 2 {
        return p;
    }
    let mut h: Vec<DVec2> = Vec::with_capacity(2 * p.len());
    for &q in &p {
        while h.len() >= 2 && cross64(h[h.len() - 1] - h[h.len() - 2], q - h[h.len() - 2]) <= 0.0 {
            h.pop();
        }
        h.push(q);
    }
    let lower = h.len() + 1;
    for &q in p.iter().rev().skip(1) {
        while h.len() >= lower
            && cross64(h[h.len() - 1] - h[h.len() - 2], q - h[h.len() - 2]) <= 0.0
        {
            h.pop();
        }
        h.push(q);
    }
    h.pop();
    h
}

pub fn twice_area64(p: &[DVec2]) -> f64 {
    if p.len() < 3 {
        return 0.0;
    }
    (1..p.len() - 1)
        .map(|i| cross64(p[i] - p[0], p[i + 1] - p[0]))
        .sum()
}

pub fn perimeter64(p: &[DVec2]) -> f64 {
    let n = p.len();
    (0..n).map(|i| (p[(i + 1) % n] - p[i]).length()).sum()
}

/// The intersection of two convex CCW polygons (Sutherland–Hodgman in f64).
pub fn clip64(subject: &[DVec2], clip: &[DVec2]) -> Vec<DVec2> {
    let mut current = subject.to_vec();
    let m = clip.len();
    for i in 0..m {
        if current.is_empty() {
            break;
        }
        let (a, b) = (clip[i], clip[(i + 1) % m]);
        let e = b - a;
        let dist = |p: DVec2| cross64(e, p - a);
        let n = current.len();
        let mut next = Vec::with_capacity(n + 1);
        for k in 0..n {
            let prev = current[(k + n - 1) % n];
            let cur = current[k];
            let (dp, dc) = (dist(prev), dist(cur));
            if (dp >= 0.0) != (dc >= 0.0) {
                next.push(prev + (cur - prev) * (dp / (dp - dc)));
            }
            if dc >= 0.0 {
                next.push(cur);
            }
        }
        current = next;
    }
    current
}
