//! Box2D-Lite's box–box: the four face axes, the reference face and side planes, the
//! incident face (four-case choice), each clip, the points with feature pairs.

mod draw;
mod narrate;

pub use draw::box_box_layer;
pub use narrate::box_box_step;

use super::basics::pair_rows;
use super::{of, traced, Study, StudyCx};
use crate::core::box_box::{box_box, BoxBoxError, BoxBoxOutput, BoxBoxTrace};
use crate::scene::build::PairInputs;
use crate::view::draw::config::{axis_interval, mtv};
use crate::view::draw::peers::EngineView;
use crate::view::draw::{DrawList, LayerId, Prim};
use crate::view::text::p;

/// Box–box on the pair (an error when either shape is not a box).
#[derive(Clone, Debug)]
pub struct BoxBoxStudy {
    pub output: Result<BoxBoxOutput, BoxBoxError>,
    pub trace: BoxBoxTrace,
}

impl BoxBoxStudy {
    pub fn compute(inputs: &PairInputs) -> BoxBoxStudy {
        let (output, trace) = traced(|t| box_box(&inputs.box_box(), Some(t)));
        BoxBoxStudy { output, trace }
    }
}

impl Study for BoxBoxStudy {
    /// Face axes, reference face, incident face, each clip, the points.
    fn step_count(&self) -> usize {
        match &self.output {
            Ok(_) => 3 + self.trace.clips.len() + 1,
            Err(_) => 1,
        }
    }

    fn termination(&self, _cx: &StudyCx) -> &'static str {
        match &self.output {
            Ok(o) => o.termination.as_str(),
            Err(_) => "not_boxes",
        }
    }

    fn step_part(&self, _cx: &StudyCx, step: usize) -> String {
        if self.output.is_err() {
            return "not two boxes".to_string();
        }
        let clips = self.trace.clips.len();
        match step {
            0 => "the four face axes".to_string(),
            1 => "reference face".to_string(),
            2 => "incident face".to_string(),
            k if k - 3 < clips => format!("clip {}", of(k - 3, clips)),
            _ => "contact points".to_string(),
        }
    }

    fn draw(&self, cx: &StudyCx, step: usize, out: &mut DrawList) {
        out.push(LayerId::Manifold, box_box_layer(cx, self, step));
    }

    fn config(&self, cx: &StudyCx, step: usize) -> Vec<Prim> {
        let mut prims = Vec::new();
        let c = LayerId::Manifold.color();
        let m = &cx.basics().minkowski;
        if step == 0 {
            for r in &self.trace.axes {
                let name = format!("{} face {}", r.owner.as_str(), r.edge);
                axis_interval(m, r.normal, &name, c, &mut prims);
            }
        } else if let Ok(o) = &self.output {
            mtv(m, o.normal, c, &mut prims);
        }
        prims
    }

    fn narrate(&self, _cx: &StudyCx, step: usize) -> String {
        box_box_step(self, step)
    }

    fn numbers(&self, cx: &StudyCx, _step: usize) -> Vec<(String, String)> {
        pair_rows(cx.studies, |rows| {
            let o = match &self.output {
                Ok(o) => o,
                Err(e) => return rows.row("box-box", e.to_string()),
            };
            rows.row("box-box", o.termination.as_str().to_string());
            rows.row(
                "reference",
                format!("{} edge {}", o.axis_owner.as_str(), o.edge),
            );
            rows.row("box-box normal", p(o.normal));
            for (i, pt) in o.points().iter().enumerate() {
                let f = crate::core::box_box::FeaturePair::unpack(pt.id);
                rows.row(
                    &format!("point {i}"),
                    format!(
                        "sep {:.6}  pair A {}/{} B {}/{}",
                        pt.separation, f.in_edge_a, f.out_edge_a, f.in_edge_b, f.out_edge_b
                    )
                    .replace("255", "-"),
                );
            }
        })
    }

    fn engines(&self) -> EngineView {
        EngineView::Contact
    }

    fn layers(&self) -> &'static [LayerId] {
        &[LayerId::Manifold]
    }
}
