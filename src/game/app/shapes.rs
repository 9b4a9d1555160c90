//! Flat shapes with smooth edges (discs, rings, diamonds, bars) drawn by a small shader
//! from their distance to the edge, for the men and the board's markers. The camera draws
//! without multisampling (board.rs): these shapes smooth their own edges, and the board's
//! squares are straight.

use bevy::asset::{AssetPath, embedded_asset, embedded_path};
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;
use bevy::sprite_render::{AlphaMode2d, Material2d, Material2dPlugin};

/// A shape in unit lengths (a man is one unit across before its transform scales it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    Disc {
        radius: f32,
    },
    Ring {
        inner: f32,
        outer: f32,
    },
    /// A square on its corner, `radius` from the centre to a corner.
    Diamond {
        radius: f32,
    },
    /// An upright rectangle `width` by `height` (rotate its transform to tilt it).
    Bar {
        width: f32,
        height: f32,
    },
}

/// The side of the quad every shape is drawn on: a little more than one unit, so that the
/// smoothing of an edge one unit across is not cut off (the shader gets it in `shape.w`).
const QUAD: f32 = 1.1;

impl Shape {
    fn uniform(self) -> Vec4 {
        match self {
            Shape::Disc { radius } => Vec4::new(0.0, radius, 0.0, QUAD),
            Shape::Ring { inner, outer } => Vec4::new(1.0, inner, outer, QUAD),
            Shape::Diamond { radius } => Vec4::new(2.0, radius, 0.0, QUAD),
            Shape::Bar { width, height } => Vec4::new(3.0, width / 2.0, height / 2.0, QUAD),
        }
    }
}

/// A shape in one colour; drawn on [`ShapeQuad`]'s mesh.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub struct ShapeMaterial {
    #[uniform(0)]
    color: LinearRgba,
    #[uniform(1)]
    shape: Vec4,
}

impl ShapeMaterial {
    pub fn new(shape: Shape, color: Color) -> ShapeMaterial {
        ShapeMaterial {
            color: color.to_linear(),
            shape: shape.uniform(),
        }
    }

    pub fn set_color(&mut self, color: Color) {
        self.color = color.to_linear();
    }
}

impl Material2d for ShapeMaterial {
    fn fragment_shader() -> ShaderRef {
        ShaderRef::Path(
            AssetPath::from_path_buf(embedded_path!("shape.wgsl")).with_source("embedded"),
        )
    }

    fn alpha_mode(&self) -> AlphaMode2d {
        AlphaMode2d::Blend
    }
}

/// The one mesh every shape is drawn on: a square [`QUAD`] units across.
#[derive(Resource, Clone)]
pub struct ShapeQuad(pub Handle<Mesh>);

impl FromWorld for ShapeQuad {
    fn from_world(world: &mut World) -> ShapeQuad {
        ShapeQuad(
            world
                .resource_mut::<Assets<Mesh>>()
                .add(Rectangle::new(QUAD, QUAD)),
        )
    }
}

pub(crate) fn plugin(app: &mut App) {
    embedded_asset!(app, "shape.wgsl");
    app.add_plugins(Material2dPlugin::<ShapeMaterial>::default());
    app.init_resource::<ShapeQuad>();
}
