//! Image export: the SVG's elements against the draw list (one group per layer, one
//! element per primitive, coordinates through the view's camera), the PNG decoded with
//! the `png` crate (size, not blank, a shape's fill blended over the background), and
//! the `export` command (flip book, errors, atomic writes) run as a real process.

use collidescope::render::{
    export_png, export_svg, layout, paint_view, render_svg, ExportOptions, LabelFrame, Painter,
    SceneExport, ViewFrame,
};
use collidescope::scene::{library, parse_scene, Scene};
use collidescope::study::Algorithm;
use collidescope::view::draw::{shape_outline, LayerId, Prim, Rgba, Space, SHAPE_A, SHAPE_B};
use collidescope::view::palette::{BACKGROUND, BAND};
use glam::Vec2;
use std::path::{Path, PathBuf};
use std::process::Command;

const DEFAULT: &str = include_str!("../../assets/default.ron");
const W: u32 = 1280;
const H: u32 = 800;
/// SVG coordinates are written with two decimals: within 0.005 px of the exact value.
const SVG_TOL: f32 = 0.01;

fn default_scene() -> Scene {
    parse_scene(DEFAULT, "default").unwrap()
}

mod svg_reader;
use svg_reader::*;
mod raster;
use raster::*;
mod cli;
use cli::*;

mod peers;
mod svg;
