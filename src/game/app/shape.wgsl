// Flat shapes with edges smoothed over one screen pixel (the men, their marks and the
// board's markers): the game draws without multisampling, which would cost a software
// renderer four times the pixels.
#import bevy_sprite::mesh2d_vertex_output::VertexOutput

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> color: vec4<f32>;
// x: the kind (0 disc, 1 ring, 2 diamond, 3 bar); y, z: its sizes in unit lengths; w: the
// side of the quad it is drawn on, a little more than one unit (shapes.rs).
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var<uniform> shape: vec4<f32>;

@fragment
fn fragment(mesh: VertexOutput) -> @location(0) vec4<f32> {
    let p = (mesh.uv - vec2(0.5)) * shape.w;
    let kind = u32(shape.x + 0.5);
    // Signed distance to the edge: negative inside.
    var d: f32;
    if kind == 0u {
        d = length(p) - shape.y;
    } else if kind == 1u {
        let r = length(p);
        d = max(shape.y - r, r - shape.z);
    } else if kind == 2u {
        d = (abs(p.x) + abs(p.y) - shape.y) * 0.70710678;
    } else {
        let q = abs(p) - shape.yz;
        d = length(max(q, vec2(0.0))) + min(max(q.x, q.y), 0.0);
    }
    // One pixel's worth of distance, whatever the scale and rotation.
    let pixel = max(length(vec2(dpdx(d), dpdy(d))), 1e-6);
    let coverage = clamp(0.5 - d / pixel, 0.0, 1.0);
    return vec4(color.rgb, color.a * coverage);
}
