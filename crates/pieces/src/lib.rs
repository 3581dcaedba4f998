//! Piece models made in code, with the silhouettes chess players know.
//!
//! No Bevy: the game turns a [`Geometry`] into a mesh, and the flat icons' generator
//! (`tools/flat_icons`) draws from the same models. Every model is a few closed solids
//! merged: lathe bodies (a 2D profile revolved round +y), extruded outlines (the horse
//! heads, wings, bow, shield, cross), boxes, and for the bishop a mitre cut by planes
//! (its slit).
//!
//! Conventions: y up, the piece stands on y = 0, fits within |x| <= 0.42 and |z| <= 0.42
//! (a board square is 1 x 1), faces -z (White's forward; Black's are turned by the game).
//! Heights follow a Staunton set (pawn lowest, king tallest). The default camera looks
//! down at about 49 degrees from +z, so White's pieces are seen from behind and above:
//! every kind must read from there by its outline and by what rises from its top, not
//! only from the side. A square may be drawn 8 to 60 pixels wide, so the features that
//! tell kinds apart are big (a cross, a crown of balls, a ring of battlements, a horse's
//! head, a spear) rather than fine detail. Each model stays under 1,500 vertices because
//! thousands are drawn at once, on software renderers too.
//!
//! The horse heads (knight, unicorn, dragon) face -z like the rest, so from the default
//! camera White's are seen from behind: they are built with a broad neck, a narrower face
//! and two ears so they still read as heads there, but turned a quarter about +y (muzzle to
//! -x) they show the full profile of a printed diagram's knight, which reads better still.

use std::f32::consts::{PI, TAU};

use glam::{Affine3A, BVec3, Vec2, Vec3, vec2, vec3};

/// A piece's model: the six chess kinds, the six of 5D chess (four fairy kinds and two
/// variants of the royal pieces), and the three soldiers of Kingdrops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// The lowest piece: a ball on a collar.
    Pawn,
    /// A horse's head with ears and a mane.
    Knight,
    /// A tall pointed mitre with its slit, and a small ball.
    Bishop,
    /// A squat tower under a ring of battlements.
    Rook,
    /// A flared crown ringed by balls.
    Queen,
    /// The tallest: a flared crown and a cross.
    King,
    /// A slimmer horse's head with a long horn.
    Unicorn,
    /// A reptile's head with open jaws, a spiked crest and two bat wings.
    Dragon,
    /// Rook and bishop: a battlemented tower with a mitre rising from it.
    Princess,
    /// A pawn grown broad: big head, heavy collar, shoulders.
    Brawn,
    /// The queen's crown under the king's cross.
    RoyalQueen,
    /// The king's body, a spiked crown and an orb, no cross.
    CommonKing,
    /// Kingdrops: a soldier in a pointed helmet with an upright spear.
    Spearman,
    /// Kingdrops: a soldier in a hood with a tall bow and a quiver.
    Archer,
    /// Kingdrops: a soldier in a crested helmet behind a kite shield.
    Guard,
}

impl Shape {
    pub const ALL: [Shape; 15] = [
        Shape::Pawn,
        Shape::Knight,
        Shape::Bishop,
        Shape::Rook,
        Shape::Queen,
        Shape::King,
        Shape::Unicorn,
        Shape::Dragon,
        Shape::Princess,
        Shape::Brawn,
        Shape::RoyalQueen,
        Shape::CommonKing,
        Shape::Spearman,
        Shape::Archer,
        Shape::Guard,
    ];

    /// The name in lower kebab case, as in asset file names (`royal-queen`).
    pub fn name(self) -> &'static str {
        match self {
            Shape::Pawn => "pawn",
            Shape::Knight => "knight",
            Shape::Bishop => "bishop",
            Shape::Rook => "rook",
            Shape::Queen => "queen",
            Shape::King => "king",
            Shape::Unicorn => "unicorn",
            Shape::Dragon => "dragon",
            Shape::Princess => "princess",
            Shape::Brawn => "brawn",
            Shape::RoyalQueen => "royal-queen",
            Shape::CommonKing => "common-king",
            Shape::Spearman => "spearman",
            Shape::Archer => "archer",
            Shape::Guard => "guard",
        }
    }
}

/// A triangle mesh, ready to become a GPU mesh.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Geometry {
    pub positions: Vec<[f32; 3]>,
    /// Unit length, pointing out of the solid.
    pub normals: Vec<[f32; 3]>,
    /// Triangle list, counter-clockwise seen from outside.
    pub indices: Vec<u32>,
    /// Per vertex: part of the kind's accent (crown detail, foot ring), painted in the
    /// kind's accent colour. Whole parts are marked, so colours never bleed across a face.
    pub accent: Vec<bool>,
}

/// The model of a kind.
pub fn geometry(shape: Shape) -> Geometry {
    let mut out = Geometry::default();
    for p in parts(shape) {
        out.append(p);
    }
    out
}

// ---------------------------------------------------------------------------------------
// Placing parts, and building meshes.

/// A rigid placement: a rotation, then a move.
#[derive(Clone, Copy, Debug)]
struct Xf(Affine3A);

impl Xf {
    fn at(x: f32, y: f32, z: f32) -> Xf {
        Xf(Affine3A::from_translation(vec3(x, y, z)))
    }
    fn rot_x(a: f32) -> Xf {
        Xf(Affine3A::from_rotation_x(a))
    }
    fn rot_y(a: f32) -> Xf {
        Xf(Affine3A::from_rotation_y(a))
    }
    fn rot_z(a: f32) -> Xf {
        Xf(Affine3A::from_rotation_z(a))
    }
    /// `self` first, then `next`.
    fn then(self, next: Xf) -> Xf {
        Xf(next.0 * self.0)
    }
    /// Then move by (x, y, z).
    fn moved(self, x: f32, y: f32, z: f32) -> Xf {
        self.then(Xf::at(x, y, z))
    }
}

impl Geometry {
    fn vertex(&mut self, p: Vec3, n: Vec3) -> u32 {
        self.positions.push(p.into());
        self.normals.push(n.normalize_or(n).into());
        self.accent.push(false);
        (self.positions.len() - 1) as u32
    }
    fn tri(&mut self, a: u32, b: u32, c: u32) {
        self.indices.extend([a, b, c]);
    }
    fn append(&mut self, other: Geometry) {
        let base = self.positions.len() as u32;
        self.positions.extend(other.positions);
        self.normals.extend(other.normals);
        self.accent.extend(other.accent);
        self.indices
            .extend(other.indices.into_iter().map(|i| i + base));
    }
    fn placed(mut self, xf: Xf) -> Geometry {
        for p in &mut self.positions {
            *p = xf.0.transform_point3((*p).into()).into();
        }
        for n in &mut self.normals {
            let r = xf.0.transform_vector3((*n).into());
            *n = r.normalize_or(r).into();
        }
        self
    }
    fn at(self, x: f32, y: f32, z: f32) -> Geometry {
        self.placed(Xf::at(x, y, z))
    }
    /// Marks the whole part as accent.
    fn accented(mut self) -> Geometry {
        self.accent.iter_mut().for_each(|a| *a = true);
        self
    }
}

// ---------------------------------------------------------------------------------------
// Solids.

/// Segments round a lathe body: enough that a body reads as round at 60 px a square.
const SEG: usize = 16;
/// Segments round small parts (balls on a crown, a spear's shaft): a few pixels wide.
const SEG_SMALL: usize = 8;
/// Adjacent faces meeting at more than this angle keep separate normals (a crisp edge).
const CREASE_DEG: f32 = 40.0;

/// The outward normal of an edge from `a` to `b` with the solid on its left: the edge
/// turned clockwise. A zero edge stays zero.
fn edge_normal(a: Vec2, b: Vec2) -> Vec2 {
    let d = b - a;
    let n = vec2(d.y, -d.x);
    n.normalize_or(n)
}

/// Revolves a profile of (radius, y) points round +y. The profile runs from the bottom up
/// (the solid on its left, so its normals point out); an end off the axis is closed by a
/// flat cap, so the solid is always closed. Normals are smooth along the profile except
/// where it turns sharply.
fn lathe(profile: &[Vec2], seg: usize) -> Geometry {
    let mut pts: Vec<Vec2> = Vec::with_capacity(profile.len() + 2);
    let first = profile[0];
    let last = profile[profile.len() - 1];
    if first.x > 1e-5 {
        pts.push(vec2(0.0, first.y));
    }
    pts.extend(profile.iter().map(|p| vec2(p.x.max(0.0), p.y)));
    if last.x > 1e-5 {
        pts.push(vec2(0.0, last.y));
    }
    pts.dedup_by(|a, b| (*a - *b).abs().max_element() < 1e-6);
    let n = pts.len();
    // The outward normal of segment i (from point i to i + 1), in (r, y).
    let seg_n: Vec<Vec2> = pts.windows(2).map(|w| edge_normal(w[0], w[1])).collect();
    let cos_crease = CREASE_DEG.to_radians().cos();
    let mut g = Geometry::default();
    let ring = |g: &mut Geometry, p: Vec2, nrm: Vec2| -> Vec<u32> {
        (0..seg)
            .map(|j| {
                let a = j as f32 / seg as f32 * TAU;
                let (s, c) = a.sin_cos();
                g.vertex(
                    vec3(p.x * c, p.y, p.x * s),
                    vec3(nrm.x * c, nrm.y, nrm.x * s),
                )
            })
            .collect()
    };
    // For each point: the vertices its lower segment ends on, and its upper one starts on.
    let mut ends: Vec<(Vec<u32>, Vec<u32>)> = Vec::with_capacity(n);
    for i in 0..n {
        let p = pts[i];
        if p.x < 1e-5 {
            let up = if i == 0 { seg_n[0].y } else { seg_n[i - 1].y };
            let v = g.vertex(vec3(0.0, p.y, 0.0), vec3(0.0, up.signum(), 0.0));
            ends.push((vec![v], vec![v]));
            continue;
        }
        let n_in = seg_n[i - 1];
        let n_out = seg_n[i];
        if n_in.dot(n_out) >= cos_crease {
            let m = n_in + n_out;
            let r = ring(&mut g, p, m.normalize_or(m));
            ends.push((r.clone(), r));
        } else {
            let a = ring(&mut g, p, n_in);
            let b = ring(&mut g, p, n_out);
            ends.push((a, b));
        }
    }
    for i in 0..n - 1 {
        let lo = &ends[i].1;
        let hi = &ends[i + 1].0;
        for j in 0..seg {
            let k = (j + 1) % seg;
            match (lo.len(), hi.len()) {
                (1, 1) => {}
                (1, _) => g.tri(lo[0], hi[j], hi[k]),
                (_, 1) => g.tri(lo[j], hi[0], lo[k]),
                _ => {
                    g.tri(lo[j], hi[j], lo[k]);
                    g.tri(lo[k], hi[j], hi[k]);
                }
            }
        }
    }
    g
}

/// Points on a circle arc in a profile: centre `c`, radius `r`, from `a0` to `a1` degrees
/// (0 = outward, 90 = up), `steps` segments.
fn arc(c: Vec2, r: f32, a0: f32, a1: f32, steps: usize) -> Vec<Vec2> {
    (0..=steps)
        .map(|i| {
            let a = (a0 + (a1 - a0) * i as f32 / steps as f32).to_radians();
            c + r * Vec2::from_angle(a)
        })
        .collect()
}

/// A ball of radius `r` centred at (0, y, 0).
fn ball(r: f32, y: f32, seg: usize) -> Geometry {
    let rings = if seg >= 12 { 8 } else { 5 };
    lathe(&arc(vec2(0.0, y), r, -90.0, 90.0, rings), seg)
}

fn signed_area(poly: &[Vec2]) -> f32 {
    let n = poly.len();
    (0..n)
        .map(|i| poly[i].perp_dot(poly[(i + 1) % n]))
        .sum::<f32>()
        / 2.0
}

/// Triangulates a simple counter-clockwise polygon by clipping ears.
fn triangulate(poly: &[Vec2]) -> Vec<[usize; 3]> {
    let mut idx: Vec<usize> = (0..poly.len()).collect();
    let mut out = Vec::with_capacity(poly.len().saturating_sub(2));
    let cross2 = |o: Vec2, a: Vec2, b: Vec2| (a - o).perp_dot(b - o);
    while idx.len() > 3 {
        let m = idx.len();
        let ear = (0..m).find(|&i| {
            let (a, b, c) = (idx[(i + m - 1) % m], idx[i], idx[(i + 1) % m]);
            let (pa, pb, pc) = (poly[a], poly[b], poly[c]);
            if cross2(pa, pb, pc) <= 1e-9 {
                return false;
            }
            idx.iter().all(|&q| {
                if q == a || q == b || q == c {
                    return true;
                }
                let p = poly[q];
                !(cross2(pa, pb, p) >= 0.0 && cross2(pb, pc, p) >= 0.0 && cross2(pc, pa, p) >= 0.0)
            })
        });
        // A degenerate outline has no clean ear left: cut the flattest corner anyway.
        let i = ear.unwrap_or(0);
        out.push([idx[(i + m - 1) % m], idx[i], idx[(i + 1) % m]]);
        idx.remove(i);
    }
    out.push([idx[0], idx[1], idx[2]]);
    out
}

/// A band of an extrusion's side: from loop A at z_a to loop B at z_b, its normals tilted
/// by (outward, z) from the outline's edge normals.
type Band<'a> = (&'a [Vec2], f32, &'a [Vec2], f32, Vec2);

/// Extrudes a simple outline (in x-y) along z, from -depth/2 to depth/2, its edges
/// chamfered by `bevel` so the flat faces catch light apart from the sides.
fn extrude(outline: &[Vec2], depth: f32, bevel: f32) -> Geometry {
    let mut poly = outline.to_vec();
    let same = |a: &Vec2, b: &Vec2| (*a - *b).abs().max_element() < 1e-6;
    poly.dedup_by(|a, b| same(a, b));
    while poly.len() > 3 && same(&poly[0], &poly[poly.len() - 1]) {
        poly.pop();
    }
    if signed_area(&poly) < 0.0 {
        poly.reverse();
    }
    let n = poly.len();
    let edge_n: Vec<Vec2> = (0..n)
        .map(|i| edge_normal(poly[i], poly[(i + 1) % n]))
        .collect();
    let h = depth / 2.0;
    let bevel = bevel.min(h * 0.9);
    let inset: Vec<Vec2> = (0..n)
        .map(|i| {
            let (np, nn) = (edge_n[(i + n - 1) % n], edge_n[i]);
            let m = np + nn;
            let m = m.normalize_or(m);
            let d = (bevel / m.dot(nn).max(0.5)).min(bevel * 1.6);
            poly[i] - m * d
        })
        .collect();
    let mut g = Geometry::default();
    // Caps: the inset outline, triangulated as it is (the outline's own triangulation
    // could hold slivers that the inset turns over).
    let front = if bevel > 0.0 { &inset } else { &poly };
    let tris = triangulate(front);
    let f: Vec<u32> = front
        .iter()
        .map(|p| g.vertex(p.extend(h), Vec3::Z))
        .collect();
    let b: Vec<u32> = front
        .iter()
        .map(|p| g.vertex(p.extend(-h), Vec3::NEG_Z))
        .collect();
    for t in &tris {
        g.tri(f[t[0]], f[t[1]], f[t[2]]);
        g.tri(b[t[0]], b[t[2]], b[t[1]]);
    }
    // Bands between loops, front to back: (loop A, loop B, z tilt of the band's normal).
    let s = std::f32::consts::FRAC_1_SQRT_2;
    let bands: Vec<Band> = if bevel > 0.0 {
        vec![
            (&inset, h, &poly, h - bevel, vec2(s, s)),
            (&poly, h - bevel, &poly, -h + bevel, Vec2::X),
            (&poly, -h + bevel, &inset, -h, vec2(s, -s)),
        ]
    } else {
        vec![(&poly, h, &poly, -h, Vec2::X)]
    };
    let cos_crease = CREASE_DEG.to_radians().cos();
    for (la, za, lb, zb, tilt) in bands {
        let nrm = |e: Vec2| (e * tilt.x).extend(tilt.y);
        // Per corner: the vertex pair (front, back) its incoming edge ends on and its
        // outgoing edge starts on.
        let mut corners: Vec<((u32, u32), (u32, u32))> = Vec::with_capacity(n);
        for i in 0..n {
            let (ei, eo) = (edge_n[(i + n - 1) % n], edge_n[i]);
            let pair = |g: &mut Geometry, e: Vec2| {
                (
                    g.vertex(la[i].extend(za), nrm(e)),
                    g.vertex(lb[i].extend(zb), nrm(e)),
                )
            };
            if ei.dot(eo) >= cos_crease {
                let m = ei + eo;
                let p = pair(&mut g, m.normalize_or(m));
                corners.push((p, p));
            } else {
                let pi = pair(&mut g, ei);
                let po = pair(&mut g, eo);
                corners.push((pi, po));
            }
        }
        for i in 0..n {
            let (a0, b0) = corners[i].1;
            let (a1, b1) = corners[(i + 1) % n].0;
            g.tri(a0, b0, a1);
            g.tri(a1, b0, b1);
        }
    }
    g
}

/// An extruded outline stood in the x-y plane (facing the viewer), centred on z = 0.
fn slab(outline: &[Vec2], depth: f32, bevel: f32) -> Geometry {
    extrude(outline, depth, bevel)
}

/// An extruded outline drawn in side view: u forward (-z), v up; extruded along x.
fn side_slab(outline: &[Vec2], width: f32, bevel: f32) -> Geometry {
    extrude(outline, width, bevel).placed(Xf::rot_y(PI / 2.0))
}

/// An extruded outline drawn in plan (x right, v = -z forward), extruded up from y0 to y1.
fn plan_slab(outline: &[Vec2], y0: f32, y1: f32, bevel: f32) -> Geometry {
    extrude(outline, y1 - y0, bevel)
        .placed(Xf::rot_x(-PI / 2.0))
        .at(0.0, (y0 + y1) / 2.0, 0.0)
}

/// An axis-aligned box.
fn cuboid(min: Vec3, max: Vec3) -> Geometry {
    let mut g = Geometry::default();
    // Corner i takes `max` on the axes whose bit is set (x 1, y 2, z 4).
    let c = |i: usize| Vec3::select(BVec3::new(i & 1 != 0, i & 2 != 0, i & 4 != 0), max, min);
    // Corners of each face, counter-clockwise seen from outside.
    let faces: [([usize; 4], Vec3); 6] = [
        ([1, 3, 7, 5], Vec3::X),
        ([0, 4, 6, 2], Vec3::NEG_X),
        ([2, 6, 7, 3], Vec3::Y),
        ([0, 1, 5, 4], Vec3::NEG_Y),
        ([4, 5, 7, 6], Vec3::Z),
        ([0, 2, 3, 1], Vec3::NEG_Z),
    ];
    for (q, nrm) in faces {
        let v: Vec<u32> = q.iter().map(|&i| g.vertex(c(i), nrm)).collect();
        g.tri(v[0], v[1], v[2]);
        g.tri(v[0], v[2], v[3]);
    }
    g
}

/// Cuts a closed convex solid by the plane n.p = d, keeping the side n.p <= d and closing
/// the cut with a flat face (painted in the accent when `paint_cut`).
fn clip_convex(g: &Geometry, n: Vec3, d: f32, paint_cut: bool) -> Geometry {
    let n = n.normalize_or(n);
    let pos = |i: u32| Vec3::from(g.positions[i as usize]);
    let nrm = |i: u32| Vec3::from(g.normals[i as usize]);
    let side: Vec<f32> = g
        .positions
        .iter()
        .map(|&p| Vec3::from(p).dot(n) - d)
        .collect();
    let mut out = Geometry::default();
    let mut map: Vec<Option<u32>> = vec![None; g.positions.len()];
    for (i, s) in side.iter().enumerate() {
        if *s <= 0.0 {
            let v = out.vertex(pos(i as u32), nrm(i as u32));
            out.accent[v as usize] = g.accent[i];
            map[i] = Some(v);
        }
    }
    let mut cut_points: Vec<Vec3> = Vec::new();
    let mut cut_cache: std::collections::HashMap<(u32, u32), u32> = Default::default();
    let mut cut = |out: &mut Geometry, a: u32, b: u32, cut_points: &mut Vec<Vec3>| -> u32 {
        let key = (a.min(b), a.max(b));
        if let Some(&v) = cut_cache.get(&key) {
            return v;
        }
        let (sa, sb) = (side[a as usize], side[b as usize]);
        let t = sa / (sa - sb);
        let (pa, pb) = (pos(a), pos(b));
        let p = pa + (pb - pa) * t;
        let v = out.vertex(p, nrm(a).lerp(nrm(b), t));
        out.accent[v as usize] = g.accent[a as usize] && g.accent[b as usize];
        cut_points.push(p);
        cut_cache.insert(key, v);
        v
    };
    for t in g.indices.chunks(3) {
        // Walk the triangle's edges, keeping the inside part (Sutherland-Hodgman).
        let mut poly: Vec<u32> = Vec::with_capacity(4);
        for e in 0..3 {
            let (a, b) = (t[e], t[(e + 1) % 3]);
            let (ina, inb) = (side[a as usize] <= 0.0, side[b as usize] <= 0.0);
            if ina {
                poly.push(map[a as usize].expect("inside vertex is kept"));
            }
            if ina != inb {
                poly.push(cut(&mut out, a, b, &mut cut_points));
            }
        }
        for k in 1..poly.len().saturating_sub(1) {
            out.tri(poly[0], poly[k], poly[k + 1]);
        }
    }
    // The cut face: the section of a convex solid is convex, so sort its points by angle.
    cut_points.dedup();
    if cut_points.len() >= 3 {
        let c = cut_points.iter().sum::<Vec3>() / cut_points.len() as f32;
        let u = if n.y.abs() < 0.9 {
            n.cross(Vec3::Y)
        } else {
            n.cross(Vec3::X)
        };
        let u = u.normalize_or(u);
        let w = n.cross(u);
        let mut ring: Vec<(f32, Vec3)> = cut_points
            .iter()
            .map(|&p| {
                let q = p - c;
                (q.dot(w).atan2(q.dot(u)), p)
            })
            .collect();
        ring.sort_by(|a, b| a.0.total_cmp(&b.0));
        ring.dedup_by(|a, b| a.1.distance_squared(b.1) < 1e-12);
        let first_cap = out.positions.len();
        let centre = out.vertex(c, n);
        let vs: Vec<u32> = ring.iter().map(|(_, p)| out.vertex(*p, n)).collect();
        out.accent[first_cap..]
            .iter_mut()
            .for_each(|a| *a = paint_cut);
        // Angles grow counter-clockwise round n (u to w = n x u), so (centre, a, b) faces n.
        for k in 0..vs.len() {
            out.tri(centre, vs[k], vs[(k + 1) % vs.len()]);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// Shared parts.

/// The foot every piece stands on: a plinth of radius `r` and, on it, a rounded ring
/// (the foot ring, painted in the kind's accent so a kind still shows its colour when it
/// is a speck). Returns (plinth, ring).
fn foot(r: f32) -> (Geometry, Geometry) {
    let plinth = lathe(
        &[
            vec2(r, 0.0),
            vec2(r, 0.035),
            vec2(r - 0.015, 0.05),
            vec2(0.0, 0.05),
        ],
        SEG,
    );
    let mut ring = vec![vec2(r - 0.02, 0.05)];
    ring.extend(arc(vec2(r - 0.045, 0.075), 0.028, -60.0, 90.0, 4));
    let ring = lathe(&ring, SEG);
    (plinth, ring)
}

/// A foot and a lathe body on it; the body's profile starts at the top of the foot ring.
fn footed(r: f32, body: &[Vec2], ring_accent: bool) -> Vec<Geometry> {
    let (plinth, ring) = foot(r);
    let ring = if ring_accent { ring.accented() } else { ring };
    let mut prof = vec![vec2(r - 0.06, 0.05)];
    prof.extend_from_slice(body);
    vec![plinth, ring, lathe(&prof, SEG)]
}

/// A cross (two bars) standing in the x-y plane, facing the viewer; its foot at `y`.
fn cross_part(y: f32, height: f32, span: f32, bar: f32) -> Geometry {
    let (hb, hs) = (bar / 2.0, span / 2.0);
    let arm = y + height * 0.62;
    let outline = [
        vec2(-hb, y),
        vec2(hb, y),
        vec2(hb, arm - hb),
        vec2(hs, arm - hb),
        vec2(hs, arm + hb),
        vec2(hb, arm + hb),
        vec2(hb, y + height),
        vec2(-hb, y + height),
        vec2(-hb, arm + hb),
        vec2(-hs, arm + hb),
        vec2(-hs, arm - hb),
        vec2(-hb, arm - hb),
    ];
    slab(&outline, bar, bar * 0.18)
}

/// Balls round a crown's rim: `count` balls of radius `r` at radius `ring` and height `y`.
fn coronet(count: usize, ring: f32, y: f32, r: f32, phase: f32) -> Vec<Geometry> {
    (0..count)
        .map(|i| {
            let a = (i as f32 + phase) / count as f32 * TAU;
            ball(r, 0.0, SEG_SMALL).at(ring * a.cos(), y, ring * a.sin())
        })
        .collect()
}

/// Battlements: `count` merlons on a ring from radius r0 to r1, from y0 to y1, each
/// covering `fill` of its share of the circle. A crenel faces +z (the camera, for White).
fn battlements(count: usize, r0: f32, r1: f32, y0: f32, y1: f32, fill: f32) -> Vec<Geometry> {
    let share = TAU / count as f32;
    (0..count)
        .map(|i| {
            let mid = PI / 2.0 + share * (i as f32 + 0.5);
            let (a0, a1) = (mid - share * fill / 2.0, mid + share * fill / 2.0);
            let steps = 3;
            let mut outline: Vec<Vec2> = (0..=steps)
                .map(|k| {
                    let a = a0 + (a1 - a0) * k as f32 / steps as f32;
                    vec2(r1 * a.cos(), -r1 * a.sin())
                })
                .collect();
            outline.extend((0..=steps).rev().map(|k| {
                let a = a0 + (a1 - a0) * k as f32 / steps as f32;
                vec2(r0 * a.cos(), -r0 * a.sin())
            }));
            plan_slab(&outline, y0, y1, 0.008)
        })
        .collect()
}

/// Samples a quadratic Bezier from `a` to `b` (control `c`), excluding `a`.
fn quad(a: Vec2, c: Vec2, b: Vec2, steps: usize) -> Vec<Vec2> {
    (1..=steps)
        .map(|i| {
            let t = i as f32 / steps as f32;
            let u = 1.0 - t;
            u * u * a + 2.0 * u * t * c + t * t * b
        })
        .collect()
}

/// A path of straight segments and quadratic curves, in 2D.
struct Path(Vec<Vec2>);

impl Path {
    fn start(p: Vec2) -> Path {
        Path(vec![p])
    }
    fn line(mut self, p: Vec2) -> Path {
        self.0.push(p);
        self
    }
    fn curve(mut self, c: Vec2, p: Vec2, steps: usize) -> Path {
        let a = *self.0.last().expect("a path has a start");
        self.0.extend(quad(a, c, p, steps));
        self
    }
    fn done(self) -> Vec<Vec2> {
        self.0
    }
}

// ---------------------------------------------------------------------------------------
// The kinds.

fn parts(shape: Shape) -> Vec<Geometry> {
    match shape {
        Shape::Pawn => pawn(),
        Shape::Knight => knight(),
        Shape::Bishop => bishop(),
        Shape::Rook => rook(),
        Shape::Queen => queen(false),
        Shape::King => king(),
        Shape::Unicorn => unicorn(),
        Shape::Dragon => dragon(),
        Shape::Princess => princess(),
        Shape::Brawn => brawn(),
        Shape::RoyalQueen => queen(true),
        Shape::CommonKing => common_king(),
        Shape::Spearman => spearman(),
        Shape::Archer => archer(),
        Shape::Guard => guard(),
    }
}

/// The pawn: the lowest piece, a ball on a collar, plain (no accent) as in every set.
fn pawn() -> Vec<Geometry> {
    let mut body = vec![
        vec2(0.19, 0.1),
        vec2(0.15, 0.125),
        vec2(0.12, 0.17),
        vec2(0.1, 0.24),
        vec2(0.092, 0.29),
        vec2(0.155, 0.305),
        vec2(0.16, 0.325),
        vec2(0.1, 0.34),
        vec2(0.07, 0.35),
    ];
    body.extend(
        arc(vec2(0.0, 0.445), 0.115, -127.0, 90.0, 8)
            .into_iter()
            .skip(1),
    );
    footed(0.27, &body, false)
}

/// The rook: a squat tower under a ring of battlements, the crenels seen from above.
fn rook() -> Vec<Geometry> {
    let body = [
        vec2(0.25, 0.1),
        vec2(0.215, 0.135),
        vec2(0.19, 0.18),
        vec2(0.18, 0.3),
        vec2(0.183, 0.42),
        vec2(0.215, 0.46),
        vec2(0.235, 0.49),
        vec2(0.235, 0.56),
        vec2(0.15, 0.56),
        vec2(0.15, 0.53),
        vec2(0.0, 0.53),
    ];
    let mut p = footed(0.3, &body, true);
    p.extend(
        battlements(5, 0.15, 0.235, 0.555, 0.665, 0.55)
            .into_iter()
            .map(Geometry::accented),
    );
    p
}

/// The bishop: a slender body under a tall pointed mitre with its slit and a small ball.
fn bishop() -> Vec<Geometry> {
    let body = [
        vec2(0.235, 0.1),
        vec2(0.18, 0.135),
        vec2(0.13, 0.2),
        vec2(0.1, 0.3),
        vec2(0.083, 0.42),
        vec2(0.078, 0.47),
        vec2(0.15, 0.49),
        vec2(0.155, 0.505),
        vec2(0.1, 0.52),
        vec2(0.135, 0.535),
        vec2(0.14, 0.55),
        vec2(0.08, 0.565),
    ];
    let mut p = footed(0.29, &body, true);
    // The mitre, a convex teardrop, cut by a slit that slopes down to the piece's right.
    let mut prof = vec![vec2(0.0, 0.55)];
    prof.extend(arc(vec2(0.0, 0.66), 0.12, -66.0, 30.0, 6));
    prof.extend([vec2(0.07, 0.76), vec2(0.035, 0.8), vec2(0.0, 0.815)]);
    let mitre = lathe(&prof, SEG);
    // The slit: a thin slab of the mitre, sloping down to the piece's right (+x), cut away
    // on the right half only, so the mitre holds together. Its faces wear the accent: a
    // groove a few pixels wide is lost without shadows, a coloured slash is not.
    let n = vec3(0.6, 1.0, 0.0).normalize();
    let d = n.dot(vec3(0.0, 0.685, 0.0));
    let gap = 0.018;
    p.push(clip_convex(&mitre, n, d - gap, true));
    p.push(clip_convex(&mitre, -n, -(d + gap), true));
    let slab = clip_convex(
        &clip_convex(&mitre, n, d + gap, false),
        -n,
        -(d - gap),
        false,
    );
    p.push(clip_convex(&slab, Vec3::X, -0.03, true));
    p.push(ball(0.038, 0.84, SEG_SMALL).accented());
    p
}

/// The queen: tall, a flared crown ringed by balls, a ball on top.
fn queen(royal: bool) -> Vec<Geometry> {
    let body = [
        vec2(0.27, 0.1),
        vec2(0.2, 0.14),
        vec2(0.145, 0.23),
        vec2(0.105, 0.38),
        vec2(0.088, 0.55),
        vec2(0.16, 0.58),
        vec2(0.165, 0.6),
        vec2(0.11, 0.615),
        vec2(0.15, 0.63),
        vec2(0.152, 0.645),
        vec2(0.105, 0.66),
        vec2(0.115, 0.69),
        vec2(0.15, 0.75),
        vec2(0.19, 0.8),
        vec2(0.195, 0.82),
        vec2(0.15, 0.83),
        vec2(0.1, 0.86),
        vec2(0.0, 0.875),
    ];
    let mut p = footed(0.33, &body, true);
    p.extend(
        coronet(9, 0.18, 0.835, 0.034, 0.5)
            .into_iter()
            .map(Geometry::accented),
    );
    if royal {
        // The royal queen wears the king's cross over the queen's crown.
        p.push(ball(0.045, 0.9, SEG_SMALL));
        p.push(cross_part(0.92, 0.2, 0.15, 0.05).accented());
    } else {
        p.push(ball(0.055, 0.92, SEG_SMALL).accented());
    }
    p
}

fn king_body() -> Vec<Vec2> {
    vec![
        vec2(0.28, 0.1),
        vec2(0.205, 0.14),
        vec2(0.15, 0.25),
        vec2(0.112, 0.42),
        vec2(0.097, 0.6),
        vec2(0.175, 0.63),
        vec2(0.18, 0.65),
        vec2(0.12, 0.665),
        vec2(0.163, 0.68),
        vec2(0.165, 0.695),
        vec2(0.115, 0.71),
        vec2(0.125, 0.74),
        vec2(0.19, 0.86),
        vec2(0.195, 0.88),
        vec2(0.14, 0.895),
        vec2(0.09, 0.925),
        vec2(0.0, 0.935),
    ]
}

/// The king: the tallest, a flared crown and a cross on top.
fn king() -> Vec<Geometry> {
    let mut p = footed(0.34, &king_body(), true);
    p.push(cross_part(0.92, 0.21, 0.17, 0.055).accented());
    p
}

/// The common king (moves as a king, not royal): the king's body, its crown pointed with
/// spikes round the rim (not the queen's balls), and a plain orb where the royal king's
/// cross would be, so it never passes for the royal king.
fn common_king() -> Vec<Geometry> {
    let mut p = footed(0.34, &king_body(), true);
    for i in 0..6 {
        let a = (i as f32 + 0.5) / 6.0 * TAU;
        let spike = lathe(&[vec2(0.032, 0.0), vec2(0.0, 0.09)], SEG_SMALL);
        p.push(spike.at(0.165 * a.cos(), 0.875, 0.165 * a.sin()).accented());
    }
    p.push(ball(0.07, 0.99, SEG));
    p
}

/// The pedestal a horse's head stands on: the foot and a low round plinth.
fn horse_foot() -> Vec<Geometry> {
    let (plinth, ring) = foot(0.3);
    vec![
        plinth,
        ring.accented(),
        lathe(
            &[
                vec2(0.24, 0.05),
                vec2(0.24, 0.1),
                vec2(0.205, 0.135),
                vec2(0.0, 0.135),
            ],
            SEG,
        ),
    ]
}

/// The neck and jowls of a horse's head in side view (u forward, v up): the broad part,
/// under the narrower face, so that from behind or in front the head tapers to the
/// muzzle between two ears instead of showing a flat plank.
fn horse_neck(lift: f32) -> Vec<Vec2> {
    Path::start(vec2(-0.2, 0.1))
        .line(vec2(0.16, 0.1))
        .curve(vec2(0.2, 0.26), vec2(0.11, 0.4 + lift), 3)
        .curve(vec2(0.17, 0.5 + lift), vec2(0.1, 0.6 + lift), 2)
        .curve(vec2(0.02, 0.68 + lift), vec2(-0.08, 0.62 + lift), 2)
        .curve(vec2(-0.16, 0.45), vec2(-0.2, 0.28), 3)
        .done()
}

/// A horse's ear in side view, its base at (u, v).
fn ear(u: f32, v: f32, tall: f32) -> Vec<Vec2> {
    vec![
        vec2(u - 0.045, v),
        vec2(u + 0.035, v),
        vec2(u + 0.01, v + tall * 0.6),
        vec2(u - 0.02, v + tall),
    ]
}

/// The mane: a ridge down the back of the neck, in side view, from the poll (u, v).
fn mane(u: f32, v: f32) -> Vec<Vec2> {
    Path::start(vec2(u, v))
        .curve(vec2(u - 0.13, v - 0.04), vec2(u - 0.16, v - 0.22), 3)
        .curve(vec2(u - 0.19, v - 0.4), vec2(u - 0.23, v - 0.54), 3)
        .line(vec2(u - 0.18, v - 0.54))
        .curve(vec2(u - 0.15, v - 0.4), vec2(u - 0.115, v - 0.22), 3)
        .curve(vec2(u - 0.09, v - 0.08), vec2(u + 0.01, v - 0.045), 3)
        .done()
}

/// The knight: a Staunton horse's head, muzzle forward (-z): a broad neck and jowls, a
/// narrower face and muzzle, two ears, the mane down its back in the accent colour.
fn knight() -> Vec<Geometry> {
    let face = Path::start(vec2(-0.12, 0.3))
        .line(vec2(0.1, 0.32))
        .curve(vec2(0.12, 0.44), vec2(0.23, 0.44), 2)
        .line(vec2(0.3, 0.46))
        .curve(vec2(0.34, 0.52), vec2(0.29, 0.6), 3)
        .curve(vec2(0.19, 0.66), vec2(0.08, 0.7), 3)
        .curve(vec2(0.0, 0.72), vec2(-0.06, 0.66), 2)
        .done();
    let mut p = horse_foot();
    p.push(side_slab(&horse_neck(0.0), 0.21, 0.025));
    p.push(side_slab(&face, 0.14, 0.025));
    for x in [-0.042, 0.042] {
        p.push(side_slab(&ear(0.03, 0.66, 0.13), 0.04, 0.008).at(x, 0.0, 0.0));
    }
    p.push(side_slab(&mane(-0.02, 0.7), 0.07, 0.012).accented());
    p
}

/// The unicorn: a slimmer, prouder horse's head, held higher, with a long horn rising
/// from its brow (in the accent colour): the horn is what reads.
fn unicorn() -> Vec<Geometry> {
    let face = Path::start(vec2(-0.1, 0.34))
        .line(vec2(0.08, 0.36))
        .curve(vec2(0.1, 0.48), vec2(0.2, 0.5), 2)
        .line(vec2(0.26, 0.53))
        .curve(vec2(0.3, 0.58), vec2(0.25, 0.64), 3)
        .curve(vec2(0.16, 0.7), vec2(0.07, 0.74), 3)
        .curve(vec2(-0.01, 0.76), vec2(-0.06, 0.7), 2)
        .done();
    let mut p = horse_foot();
    p.push(side_slab(&horse_neck(0.04), 0.18, 0.025));
    p.push(side_slab(&face, 0.12, 0.022));
    for x in [-0.038, 0.038] {
        p.push(side_slab(&ear(0.0, 0.7, 0.11), 0.035, 0.008).at(x, 0.0, 0.0));
    }
    p.push(side_slab(&mane(-0.04, 0.74), 0.06, 0.01));
    // Nearly upright: a horn along the camera's line of sight (forward, for Black's
    // turned pieces) would shrink to a dot.
    let horn = lathe(
        &[
            vec2(0.036, 0.0),
            vec2(0.028, 0.1),
            vec2(0.017, 0.22),
            vec2(0.0, 0.36),
        ],
        SEG_SMALL,
    );
    p.push(
        horn.placed(Xf::rot_x(-0.3).moved(0.0, 0.68, -0.09))
            .accented(),
    );
    p
}

/// The dragon: a reptile's head with an open jaw, horns swept back, and two bat wings
/// spread wide and high behind it (in the accent colour), the widest outline of all.
fn dragon() -> Vec<Geometry> {
    let head = Path::start(vec2(-0.17, 0.1))
        .line(vec2(0.14, 0.1))
        .curve(vec2(0.17, 0.3), vec2(0.08, 0.44), 3)
        .line(vec2(0.28, 0.46))
        .line(vec2(0.31, 0.5))
        .line(vec2(0.16, 0.53))
        .line(vec2(0.31, 0.58))
        .line(vec2(0.3, 0.62))
        .curve(vec2(0.18, 0.7), vec2(0.06, 0.68), 2)
        .line(vec2(-0.14, 0.8))
        .line(vec2(-0.05, 0.64))
        .curve(vec2(-0.12, 0.5), vec2(-0.14, 0.38), 3)
        .curve(vec2(-0.15, 0.24), vec2(-0.19, 0.18), 2)
        .done();
    let mut p = horse_foot();
    p.push(side_slab(&head, 0.15, 0.022));
    // Spikes down the back of the neck.
    let crest = [
        vec2(-0.03, 0.66),
        vec2(-0.13, 0.68),
        vec2(-0.08, 0.6),
        vec2(-0.18, 0.58),
        vec2(-0.115, 0.5),
        vec2(-0.22, 0.46),
        vec2(-0.135, 0.4),
        vec2(-0.2, 0.3),
        vec2(-0.1, 0.36),
        vec2(-0.06, 0.5),
        vec2(0.0, 0.6),
    ];
    p.push(side_slab(&crest, 0.04, 0.0).accented());
    for s in [-1.0f32, 1.0] {
        // A bat's wing: the arm along the top edge, three fingers, scalloped skin between.
        let wing: Vec<Vec2> = [
            vec2(0.0, 0.0),
            vec2(0.06, 0.02),
            vec2(0.12, 0.12),
            vec2(0.17, 0.14),
            vec2(0.22, 0.26),
            vec2(0.27, 0.29),
            vec2(0.31, 0.5),
            vec2(0.21, 0.42),
            vec2(0.12, 0.43),
            vec2(0.0, 0.2),
        ]
        .iter()
        .map(|q| vec2(q.x * s, q.y))
        .collect();
        // Upright and swept back about 26 degrees: seen broad from the camera for either
        // side, and not edge-on if the game turns the head a quarter.
        p.push(
            slab(&wing, 0.025, 0.0)
                .placed(Xf::rot_y(-s * 0.45).moved(s * 0.06, 0.3, 0.03))
                .accented(),
        );
    }
    p
}

/// The princess (rook and bishop): a battlemented tower with a mitre rising from it.
fn princess() -> Vec<Geometry> {
    let body = [
        vec2(0.24, 0.1),
        vec2(0.2, 0.135),
        vec2(0.175, 0.18),
        vec2(0.165, 0.3),
        vec2(0.17, 0.4),
        vec2(0.2, 0.44),
        vec2(0.215, 0.47),
        vec2(0.215, 0.53),
        vec2(0.14, 0.53),
        vec2(0.14, 0.5),
        vec2(0.0, 0.5),
    ];
    let mut p = footed(0.29, &body, true);
    p.extend(
        battlements(6, 0.14, 0.215, 0.525, 0.6, 0.5)
            .into_iter()
            .map(Geometry::accented),
    );
    let mut prof = vec![vec2(0.0, 0.5), vec2(0.07, 0.52)];
    prof.extend(arc(vec2(0.0, 0.66), 0.1, -50.0, 30.0, 5));
    prof.extend([vec2(0.055, 0.76), vec2(0.025, 0.8), vec2(0.0, 0.81)]);
    p.push(lathe(&prof, SEG));
    p.push(ball(0.032, 0.835, SEG_SMALL).accented());
    p
}

/// The brawn (a pawn that captures more ways): a pawn grown broad, with a big head, a
/// heavy collar and shoulders.
fn brawn() -> Vec<Geometry> {
    let mut body = vec![
        vec2(0.22, 0.1),
        vec2(0.19, 0.13),
        vec2(0.17, 0.2),
        vec2(0.15, 0.27),
        vec2(0.21, 0.3),
        vec2(0.215, 0.33),
        vec2(0.12, 0.35),
        vec2(0.09, 0.36),
    ];
    body.extend(
        arc(vec2(0.0, 0.47), 0.135, -130.0, 90.0, 8)
            .into_iter()
            .skip(1),
    );
    let mut p = footed(0.3, &body, true);
    for s in [-1.0f32, 1.0] {
        p.push(ball(0.075, 0.0, SEG_SMALL).at(s * 0.19, 0.35, 0.0));
    }
    p
}

/// The soldiers of Kingdrops share a body: a pawn's foot, a belted coat and shoulders,
/// a head in a helmet (so none of them reads as a chess pawn's ball on a collar); their
/// arms (a spear, a bow, a shield) tell them apart.
fn soldier(r: f32) -> Vec<Geometry> {
    let body = [
        vec2(0.185, 0.1),
        vec2(0.145, 0.13),
        vec2(0.12, 0.2),
        vec2(0.105, 0.28),
        vec2(0.13, 0.3),
        vec2(0.13, 0.32),
        vec2(0.11, 0.335),
        vec2(0.12, 0.37),
        vec2(0.1, 0.4),
        vec2(0.06, 0.42),
    ];
    let mut p = footed(r, &body, true);
    p.push(ball(0.09, 0.5, SEG));
    p
}

/// The spearman (one step straight forward): a soldier in a pointed helmet, holding a
/// spear upright at his right, the tallest of the soldiers; the spearhead in the accent.
fn spearman() -> Vec<Geometry> {
    let mut p = soldier(0.26);
    p.push(lathe(
        &[
            vec2(0.112, 0.52),
            vec2(0.112, 0.54),
            vec2(0.09, 0.56),
            vec2(0.0, 0.69),
        ],
        SEG,
    ));
    let (x, z) = (0.18, -0.05);
    p.push(lathe(&[vec2(0.024, 0.04), vec2(0.024, 0.8)], SEG_SMALL).at(x, 0.0, z));
    let head = lathe(
        &[
            vec2(0.0, 0.78),
            vec2(0.05, 0.83),
            vec2(0.036, 0.9),
            vec2(0.0, 1.0),
        ],
        SEG_SMALL,
    );
    p.push(head.at(x, 0.0, z).accented());
    // The hand holding it.
    p.push(ball(0.045, 0.37, SEG_SMALL).at(x, 0.0, z));
    p
}

/// The archer (one step diagonally forward): a soldier in a hood with a tall bow held
/// out at his left, its curve facing the viewer, and a quiver of arrows on his back.
fn archer() -> Vec<Geometry> {
    let mut p = soldier(0.26);
    // A hood: a rounded cap over the head.
    p.push(lathe(&arc(vec2(0.0, 0.5), 0.105, -25.0, 90.0, 5), SEG));
    // The bow: an arc in the x-y plane, bulging outward (-x), thick in the middle.
    let steps = 10;
    let (cx, cy, r, half) = (0.04, 0.44, 0.34, 55.0f32);
    let at = |k: usize, rr: f32| {
        let a = (180.0 - half + 2.0 * half * k as f32 / steps as f32).to_radians();
        vec2(cx, cy) + rr * Vec2::from_angle(a)
    };
    let mut outline: Vec<Vec2> = (0..=steps).map(|k| at(k, r)).collect();
    outline.extend((0..=steps).rev().map(|k| {
        let mid = 1.0 - (2.0 * k as f32 / steps as f32 - 1.0).abs();
        at(k, r - 0.03 - 0.02 * mid)
    }));
    p.push(slab(&outline, 0.04, 0.01).at(0.0, 0.0, -0.03).accented());
    // The string.
    let end = Vec2::from_angle((180.0f32 - half).to_radians()) * (r - 0.02);
    p.push(cuboid(
        vec3(cx + end.x - 0.007, cy - end.y, -0.037),
        vec3(cx + end.x + 0.007, cy + end.y, -0.023),
    ));
    // The quiver, slung across the back, arrows' feathers out of its top.
    let quiver = Xf::rot_z(-0.3).then(Xf::rot_x(0.15)).moved(0.04, 0.2, 0.12);
    p.push(lathe(&[vec2(0.04, 0.0), vec2(0.045, 0.3)], SEG_SMALL).placed(quiver));
    p.push(
        lathe(
            &[vec2(0.03, 0.3), vec2(0.05, 0.36), vec2(0.0, 0.4)],
            SEG_SMALL,
        )
        .placed(quiver)
        .accented(),
    );
    p
}

/// The guard (one step any direction): a soldier in a round, crested helmet behind a big
/// kite shield, which rims him from behind and covers him from the front.
fn guard() -> Vec<Geometry> {
    let mut p = soldier(0.27);
    p.push(lathe(
        &[
            vec2(0.125, 0.5),
            vec2(0.125, 0.515),
            vec2(0.1, 0.53),
            vec2(0.105, 0.56),
            vec2(0.08, 0.62),
            vec2(0.0, 0.64),
        ],
        SEG,
    ));
    // The crest, front to back over the helmet.
    let crest = Path::start(vec2(-0.09, 0.58))
        .curve(vec2(-0.06, 0.72), vec2(0.1, 0.7), 3)
        .line(vec2(0.11, 0.64))
        .curve(vec2(0.03, 0.62), vec2(-0.05, 0.57), 2)
        .done();
    p.push(side_slab(&crest, 0.04, 0.008).accented());
    let shield = Path::start(vec2(0.0, 0.06))
        .curve(vec2(0.18, 0.14), vec2(0.19, 0.42), 3)
        .line(vec2(0.17, 0.5))
        .curve(vec2(0.0, 0.54), vec2(-0.17, 0.5), 2)
        .line(vec2(-0.19, 0.42))
        .curve(vec2(-0.18, 0.14), vec2(0.0, 0.06), 3)
        .done();
    p.push(slab(&shield, 0.045, 0.014).at(0.0, 0.0, -0.17));
    // The boss, in the accent colour.
    p.push(
        lathe(
            &[vec2(0.055, 0.0), vec2(0.04, 0.02), vec2(0.0, 0.035)],
            SEG_SMALL,
        )
        .placed(Xf::rot_x(-PI / 2.0).moved(0.0, 0.31, -0.19))
        .accented(),
    );
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangulation_covers_concave_outlines() {
        // An L of three unit squares: area 3, in 4 triangles (6 corners - 2), none turned over.
        let l = [
            [0.0, 0.0],
            [2.0, 0.0],
            [2.0, 1.0],
            [1.0, 1.0],
            [1.0, 2.0],
            [0.0, 2.0],
        ]
        .map(Vec2::from);
        let tris = triangulate(&l);
        assert_eq!(tris.len(), 4);
        let areas: Vec<f32> = tris
            .iter()
            .map(|t| signed_area(&[l[t[0]], l[t[1]], l[t[2]]]))
            .collect();
        assert!(areas.iter().all(|&a| a > 0.0), "{areas:?}");
        assert!((areas.iter().sum::<f32>() - 3.0).abs() < 1e-6);
        // The horse's neck (concave at the throat and the mane) too.
        let neck = horse_neck(0.0);
        let tris = triangulate(&neck);
        let sum: f32 = tris
            .iter()
            .map(|t| signed_area(&[neck[t[0]], neck[t[1]], neck[t[2]]]))
            .sum();
        assert!((sum - signed_area(&neck)).abs() < 1e-5);
    }

    #[test]
    fn lathe_makes_a_closed_outward_solid() {
        let g = lathe(&[vec2(0.2, 0.0), vec2(0.2, 0.5)], 16);
        // A cylinder: 2 caps (centre + ring each with its own normals) and the side rings.
        assert!(
            closed_and_outward(&g).is_ok(),
            "{:?}",
            closed_and_outward(&g)
        );
        let v = volume(&g);
        // pi r^2 h = 0.0628; a 16-gon holds 16/(2 pi) sin(2 pi/16) = 0.974 of the circle.
        assert!((v - 0.0628 * 0.974).abs() < 1e-3, "volume {v}");
    }

    #[test]
    fn extrude_makes_a_closed_outward_solid() {
        let sq = [[0.0, 0.0], [0.1, 0.0], [0.1, 0.2], [0.0, 0.2]].map(Vec2::from);
        for bevel in [0.0, 0.01] {
            let g = extrude(&sq, 0.3, bevel);
            assert!(
                closed_and_outward(&g).is_ok(),
                "{:?}",
                closed_and_outward(&g)
            );
            // 0.1 x 0.2 x 0.3 = 0.006, less the chamfers (bevel^2/2 along each edge,
            // and a little at corners): 12 edges' worth for bevel 0.01 is under 0.0002.
            let v = volume(&g);
            assert!(v <= 0.006 + 1e-6 && v > 0.0058, "volume {v}");
        }
    }

    #[test]
    fn clip_keeps_a_closed_solid() {
        let b = ball(0.2, 0.0, 16);
        let half = clip_convex(&b, Vec3::Y, 0.0, false);
        assert!(closed_and_outward(&half).is_ok());
        assert!(half.positions.iter().all(|p| p[1] <= 1e-6));
        // Half a sphere: 2/3 pi r^3 = 0.01676, a bit less for the facets.
        let v = volume(&half);
        assert!(v < 0.01676 && v > 0.015, "volume {v}");
    }

    /// Signed volume: positive when the triangles face out.
    fn volume(g: &Geometry) -> f32 {
        g.indices
            .chunks(3)
            .map(|t| {
                let [a, b, c] = [0, 1, 2].map(|k| Vec3::from(g.positions[t[k] as usize]));
                a.dot(b.cross(c)) / 6.0
            })
            .sum()
    }

    /// Every edge (by position) is shared by exactly two triangles running it in opposite
    /// directions, the solid encloses a positive volume, and each triangle's face normal
    /// agrees with its vertex normals: then the normals point out.
    fn closed_and_outward(g: &Geometry) -> Result<(), String> {
        let key = |i: u32| {
            let p = g.positions[i as usize];
            p.map(|c| (c * 1e4).round() as i64)
        };
        let mut edges: std::collections::HashMap<([i64; 3], [i64; 3]), i32> = Default::default();
        for t in g.indices.chunks(3) {
            for e in 0..3 {
                let (a, b) = (key(t[e]), key(t[(e + 1) % 3]));
                if a == b {
                    continue;
                }
                *edges.entry((a, b)).or_default() += 1;
            }
            let [a, b, c] = [0, 1, 2].map(|k| Vec3::from(g.positions[t[k] as usize]));
            let face = (b - a).cross(c - a);
            let area2 = face.length();
            if area2 < 1e-7 {
                continue;
            }
            let ns = [0, 1, 2].map(|k| Vec3::from(g.normals[t[k] as usize]));
            let agree = ns.iter().map(|n| n.dot(face) / area2).sum::<f32>() / 3.0;
            if agree < 0.2 {
                return Err(format!(
                    "triangle {t:?} faces against its normals ({agree})"
                ));
            }
        }
        for (&(a, b), &count) in &edges {
            let back = edges.get(&(b, a)).copied().unwrap_or(0);
            if count != back {
                return Err(format!("edge {a:?}-{b:?} used {count} times, {back} back"));
            }
        }
        if volume(g) <= 0.0 {
            return Err("encloses no volume".into());
        }
        Ok(())
    }

    #[test]
    fn every_part_is_closed_and_faces_out() {
        for s in Shape::ALL {
            for (i, part) in parts(s).iter().enumerate() {
                if let Err(e) = closed_and_outward(part) {
                    panic!("{s:?} part {i}: {e}");
                }
            }
        }
    }

    #[test]
    fn every_shape_fits_its_square_and_budget() {
        for s in Shape::ALL {
            let g = geometry(s);
            let n = g.positions.len();
            assert!(n < 1500, "{s:?} has {n} vertices");
            assert_eq!(g.normals.len(), n);
            assert_eq!(g.accent.len(), n);
            assert_eq!(g.indices.len() % 3, 0);
            assert!(
                g.indices.iter().all(|&i| (i as usize) < n),
                "{s:?} index out of range"
            );
            let (lo, hi) = height_range(&g);
            assert!(lo.abs() < 1e-6, "{s:?} stands at y = {lo}");
            assert!((0.5..=1.15).contains(&hi), "{s:?} is {hi} tall");
            for p in &g.positions {
                assert!(
                    p[0].abs() <= 0.42 && p[2].abs() <= 0.42,
                    "{s:?} overflows at {p:?}"
                );
            }
            for nrm in &g.normals {
                assert!(
                    (Vec3::from(*nrm).length() - 1.0).abs() < 1e-4,
                    "{s:?} normal {nrm:?}"
                );
            }
        }
    }

    fn height_range(g: &Geometry) -> (f32, f32) {
        g.positions
            .iter()
            .fold((f32::MAX, f32::MIN), |(lo, hi), p| {
                (lo.min(p[1]), hi.max(p[1]))
            })
    }

    #[test]
    fn heights_follow_a_staunton_set() {
        // In a Staunton set the pawn is the lowest, knight and bishop stand between it
        // and the queen, and the king is the tallest.
        let h = |s| height_range(&geometry(s)).1;
        let pawn = h(Shape::Pawn);
        for s in [Shape::Knight, Shape::Bishop] {
            assert!(pawn < h(s), "{s:?} not above the pawn");
            assert!(h(s) < h(Shape::Queen), "{s:?} not below the queen");
        }
        assert!(h(Shape::Queen) < h(Shape::King));
        for s in Shape::ALL {
            assert!(h(s) <= h(Shape::King), "{s:?} above the king");
            if s != Shape::Pawn {
                assert!(h(s) > pawn, "{s:?} not above the pawn");
            }
        }
    }

    /// Where the model covers a coarse grid, seen along `dir` (x right, y up on screen).
    fn silhouette(g: &Geometry, view: impl Fn([f32; 3]) -> (f32, f32)) -> Vec<bool> {
        const N: usize = 20;
        let mut grid = vec![false; N * N];
        // The screen window: x in [-0.5, 0.5], up in [-0.5, 1.2].
        let cell = |sx: f32, sy: f32| ((sx + 0.5) / 1.0 * N as f32, (sy + 0.5) / 1.7 * N as f32);
        for t in g.indices.chunks(3) {
            let q = [0, 1, 2].map(|k| {
                let (sx, sy) = view(g.positions[t[k] as usize]);
                cell(sx, sy)
            });
            for (gx, gy) in (0..N).flat_map(|x| (0..N).map(move |y| (x, y))) {
                let p = (gx as f32 + 0.5, gy as f32 + 0.5);
                let e = |a: (f32, f32), b: (f32, f32)| {
                    (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
                };
                let (e0, e1, e2) = (e(q[0], q[1]), e(q[1], q[2]), e(q[2], q[0]));
                if (e0 >= 0.0 && e1 >= 0.0 && e2 >= 0.0) || (e0 <= 0.0 && e1 <= 0.0 && e2 <= 0.0) {
                    grid[gy * N + gx] = true;
                }
            }
        }
        grid
    }

    #[test]
    fn every_pair_of_shapes_differs_in_outline() {
        // The game's view (49 degrees down from +z) and from the side (along -x).
        let (s, c) = 0.85f32.sin_cos();
        let game = |p: [f32; 3]| (p[0], p[1] * c - p[2] * s);
        let side = |p: [f32; 3]| (-p[2], p[1]);
        let sil: Vec<(Shape, Vec<bool>, Vec<bool>)> = Shape::ALL
            .iter()
            .map(|&k| {
                let g = geometry(k);
                (k, silhouette(&g, game), silhouette(&g, side))
            })
            .collect();
        for (i, a) in sil.iter().enumerate() {
            for b in &sil[i + 1..] {
                let diff = |x: &[bool], y: &[bool]| x.iter().zip(y).filter(|(p, q)| p != q).count();
                let d = diff(&a.1, &b.1) + diff(&a.2, &b.2);
                // A cell of this grid is 5 x 8.5 hundredths of a square; five cells is a
                // feature the size of a cross's arm or a spiked crown's rim.
                assert!(d >= 5, "{:?} and {:?} differ in only {d} cells", a.0, b.0);
            }
        }
    }

    #[test]
    fn accents_paint_whole_triangles_and_mark_every_kind_but_the_pawn() {
        for s in Shape::ALL {
            let g = geometry(s);
            for t in g.indices.chunks(3) {
                let a = t.iter().map(|&i| g.accent[i as usize]).collect::<Vec<_>>();
                assert!(
                    a.iter().all(|&x| x == a[0]),
                    "{s:?}: a triangle straddles the accent"
                );
            }
            let painted = g.accent.iter().filter(|&&a| a).count();
            // The pawn stays plain, as in the game's current models; every other kind
            // wears its colour on a part, never on the whole piece.
            if s == Shape::Pawn {
                assert_eq!(painted, 0);
            } else {
                assert!(
                    painted > 0 && painted < g.accent.len(),
                    "{s:?} paints {painted}"
                );
            }
        }
    }

    #[test]
    fn names_are_kebab_case_and_distinct() {
        let mut names: Vec<&str> = Shape::ALL.iter().map(|s| s.name()).collect();
        assert!(
            names
                .iter()
                .all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        );
        assert_eq!(Shape::RoyalQueen.name(), "royal-queen");
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 15);
    }
}
