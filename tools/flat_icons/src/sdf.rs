//! Shapes as signed distance fields: negative inside, in design units (a 100 x 100 icon,
//! y up). Distances rather than coverage masks give smooth anti-aliased edges and let one
//! silhouette yield its fill, its outline and the rim round it.

pub type P = [f32; 2];

/// A filled primitive.
#[derive(Clone, Debug)]
pub enum Prim {
    /// A closed polygon (even-odd fill).
    Poly(Vec<P>),
    Circle(P, f32),
    /// A thick line through points, round caps: the points and the half width.
    Stroke(Vec<P>, f32),
}

impl Prim {
    pub fn dist(&self, p: P) -> f32 {
        match self {
            Prim::Poly(pts) => poly_dist(pts, p),
            Prim::Circle(c, r) => len(sub(p, *c)) - r,
            Prim::Stroke(pts, r) => polyline_dist(pts, p) - r,
        }
    }
}

/// A silhouette: the union of some primitives less others.
#[derive(Clone, Debug, Default)]
pub struct Shape {
    pub add: Vec<Prim>,
    pub cut: Vec<Prim>,
}

impl Shape {
    pub fn dist(&self, p: P) -> f32 {
        let d = self.add.iter().map(|s| s.dist(p)).fold(f32::MAX, f32::min);
        self.cut.iter().map(|s| -s.dist(p)).fold(d, f32::max)
    }
}

pub fn sub(a: P, b: P) -> P {
    [a[0] - b[0], a[1] - b[1]]
}
fn dot(a: P, b: P) -> f32 {
    a[0] * b[0] + a[1] * b[1]
}
fn len(a: P) -> f32 {
    dot(a, a).sqrt()
}

fn seg_dist(p: P, a: P, b: P) -> f32 {
    let ab = sub(b, a);
    let l2 = dot(ab, ab);
    let t = if l2 > 0.0 {
        (dot(sub(p, a), ab) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    len(sub(p, [a[0] + ab[0] * t, a[1] + ab[1] * t]))
}

fn polyline_dist(pts: &[P], p: P) -> f32 {
    if pts.len() == 1 {
        return len(sub(p, pts[0]));
    }
    pts.windows(2)
        .map(|w| seg_dist(p, w[0], w[1]))
        .fold(f32::MAX, f32::min)
}

fn poly_dist(pts: &[P], p: P) -> f32 {
    let n = pts.len();
    let mut d = f32::MAX;
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (pts[i], pts[(i + 1) % n]);
        d = d.min(seg_dist(p, a, b));
        if (a[1] > p[1]) != (b[1] > p[1]) {
            let x = a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0]);
            if p[0] < x {
                inside = !inside;
            }
        }
    }
    if inside { -d } else { d }
}

/// A path of lines and Bezier curves, flattened to points.
pub struct Path(pub Vec<P>);

impl Path {
    pub fn at(x: f32, y: f32) -> Path {
        Path(vec![[x, y]])
    }
    fn last(&self) -> P {
        *self.0.last().expect("a path has a start")
    }
    pub fn line(mut self, x: f32, y: f32) -> Path {
        self.0.push([x, y]);
        self
    }
    /// A quadratic curve through control (cx, cy) to (x, y).
    pub fn quad(mut self, cx: f32, cy: f32, x: f32, y: f32) -> Path {
        let a = self.last();
        for i in 1..=12 {
            let t = i as f32 / 12.0;
            let u = 1.0 - t;
            self.0.push([
                u * u * a[0] + 2.0 * u * t * cx + t * t * x,
                u * u * a[1] + 2.0 * u * t * cy + t * t * y,
            ]);
        }
        self
    }
    /// A cubic curve through controls `c1`, `c2` to `end`.
    pub fn cubic(mut self, c1: P, c2: P, end: P) -> Path {
        let [x, y] = end;
        let a = self.last();
        for i in 1..=16 {
            let t = i as f32 / 16.0;
            let u = 1.0 - t;
            let (w0, w1, w2, w3) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
            self.0.push([
                w0 * a[0] + w1 * c1[0] + w2 * c2[0] + w3 * x,
                w0 * a[1] + w1 * c1[1] + w2 * c2[1] + w3 * y,
            ]);
        }
        self
    }
    pub fn poly(self) -> Prim {
        Prim::Poly(self.0)
    }
    pub fn stroke(self, half_width: f32) -> Prim {
        Prim::Stroke(self.0, half_width)
    }
    pub fn points(self) -> Vec<P> {
        self.0
    }
}

/// A shape symmetric about x = 50: `half` runs down its right side from the axis at the
/// top to the axis at the bottom.
pub fn sym(half: Vec<P>) -> Prim {
    let mut pts = half.clone();
    pts.extend(half.iter().rev().map(|p| [100.0 - p[0], p[1]]));
    pts.dedup_by(|a, b| (a[0] - b[0]).abs() < 1e-4 && (a[1] - b[1]).abs() < 1e-4);
    Prim::Poly(pts)
}

pub fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> Prim {
    Prim::Poly(vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
}

pub fn ellipse(cx: f32, cy: f32, rx: f32, ry: f32) -> Prim {
    Prim::Poly(
        (0..64)
            .map(|i| {
                let a = i as f32 / 64.0 * std::f32::consts::TAU;
                [cx + rx * a.cos(), cy + ry * a.sin()]
            })
            .collect(),
    )
}

pub fn circle(cx: f32, cy: f32, r: f32) -> Prim {
    Prim::Circle([cx, cy], r)
}

pub fn line(pts: &[P], half_width: f32) -> Prim {
    Prim::Stroke(pts.to_vec(), half_width)
}
