//! Flat shapes with smooth edges (discs, rings, diamonds, bars) drawn by a small shader
//! from their distance to the edge, for the men and the board's markers. The camera draws
//! without multisampling (board.rs): these shapes smooth their own edges, and the board's
//! squares are straight.

use bevy::asset::{AssetPath, embedded_asset, embedded_path};
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;
use bevy::sprite_render::{
    AlphaMode2d, Material2d, Material2dPlugin, check_entities_needing_specialization,
};
use bevy::transform::TransformSystems;

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

/// Marks the material of every shape that moved this frame as changed, so the renderer
/// queues it again with its new depth.
///
/// Bevy 0.19 keeps a blended 2D mesh in its sorted draw list with the depth it had when
/// it was queued, and queues it again only when its mesh or material changes
/// (bevyengine/bevy#24826, a regression from 0.18): without this, a man lifted or leaping
/// over the board was drawn under the resting men it passed. Only shapes that moved are
/// touched (a slide, a leap, a drag, a capture's shrink; every shape for one frame when
/// the window is resized or the board turned), and a changed material only makes the
/// renderer look its pipeline up again. To be removed once Bevy fixes the bug (a fix is
/// proposed in bevyengine/bevy#25708).
fn requeue_moved_shapes(
    mut moved: Query<&mut MeshMaterial2d<ShapeMaterial>, Changed<GlobalTransform>>,
) {
    for mut material in &mut moved {
        material.set_changed();
    }
}

/// A board's squares as sprites, each with the components `part` (its marker, and when
/// it goes): first a frame square under every cell, 1.22 cells wide, so that the outline
/// follows a board's cut corners; then each cell's own `square` of its colour over it.
pub fn board_squares<P: Bundle + Clone>(
    commands: &mut Commands,
    part: P,
    (frame, cell): (Color, f32),
    square: f32,
    cells: &[(Vec2, Color)],
) {
    for &(centre, _) in cells {
        commands.spawn((
            part.clone(),
            Sprite::from_color(frame, Vec2::splat(cell * 1.22)),
            Transform::from_translation(centre.extend(0.0)),
        ));
    }
    for &(centre, color) in cells {
        commands.spawn((
            part.clone(),
            Sprite::from_color(color, Vec2::splat(square)),
            Transform::from_translation(centre.extend(0.1)),
        ));
    }
}

pub(crate) fn plugin(app: &mut App) {
    embedded_asset!(app, "shape.wgsl");
    app.add_plugins(Material2dPlugin::<ShapeMaterial>::default());
    app.init_resource::<ShapeQuad>();
    add_requeue(app);
}

/// [`requeue_moved_shapes`] where it must run: once the frame's transforms are final, and
/// before the renderer gathers the shapes to specialize and queue.
fn add_requeue(app: &mut App) {
    app.add_systems(
        PostUpdate,
        requeue_moved_shapes
            .after(TransformSystems::Propagate)
            .before(check_entities_needing_specialization::<ShapeMaterial>),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shapes the renderer would specialize and queue again this frame.
    #[derive(Resource, Default)]
    struct Requeued(Vec<Entity>);

    fn count(
        changed: Query<Entity, Changed<MeshMaterial2d<ShapeMaterial>>>,
        mut requeued: ResMut<Requeued>,
    ) {
        requeued.0 = changed.iter().collect();
    }

    #[test]
    fn a_shape_that_moves_is_queued_again_and_a_resting_one_is_not() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, TransformPlugin));
        app.init_resource::<Requeued>();
        // Registered as the game registers it (without the renderer, whose system it
        // runs before).
        add_requeue(&mut app);
        app.add_systems(PostUpdate, count.after(requeue_moved_shapes));
        let parent = app
            .world_mut()
            .spawn((Transform::from_xyz(0.0, 0.0, 2.0), Visibility::default()))
            .id();
        let part = app
            .world_mut()
            .spawn((
                Transform::from_xyz(0.0, 0.0, -0.1),
                MeshMaterial2d::<ShapeMaterial>(Handle::default()),
                ChildOf(parent),
            ))
            .id();
        let resting = app
            .world_mut()
            .spawn((
                Transform::from_xyz(1.0, 0.0, 2.0),
                MeshMaterial2d::<ShapeMaterial>(Handle::default()),
            ))
            .id();
        app.update();
        assert_eq!(app.world().resource::<Requeued>().0.len(), 2, "both new");
        app.update();
        assert!(
            app.world().resource::<Requeued>().0.is_empty(),
            "nothing moved"
        );

        // The man is lifted over its neighbour: only its part is queued again.
        app.world_mut()
            .get_mut::<Transform>(parent)
            .unwrap()
            .translation = Vec3::new(0.5, 0.0, 3.4);
        app.update();
        assert_eq!(app.world().resource::<Requeued>().0, vec![part]);

        app.update();
        assert!(app.world().resource::<Requeued>().0.is_empty(), "it stays");

        // A resting shape moved on its own (a capture's shrink) is queued again too.
        app.world_mut()
            .get_mut::<Transform>(resting)
            .unwrap()
            .translation
            .z = 4.0;
        app.update();
        assert_eq!(app.world().resource::<Requeued>().0, vec![resting]);
    }
}
