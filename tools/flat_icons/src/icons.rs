//! The drawings: one silhouette and a few inner lines per kind, in a 100 x 100 box (y up,
//! the piece standing on y = 7, centred on x = 50). Classic chess-diagram shapes, drawn
//! bold so they still read at 16 px: the horse heads face left as in printed diagrams.

use crate::sdf::{Path, Prim, Shape as Sil, circle, ellipse, line, rect, sym};
use crate::shapes::Shape;

/// A drawing: its silhouette and the lines drawn inside it (in the outline's colour on
/// a white piece, in the rim's colour on a black one).
pub struct Icon {
    pub body: Sil,
    pub details: Vec<Prim>,
}

/// Half width of an inner line.
const DETAIL: f32 = 1.3;

pub fn icon(shape: Shape) -> Icon {
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

/// A rounded slab centred on x = 50.
fn slab(y0: f32, y1: f32, hw: f32, r: f32) -> Prim {
    let (x0, x1) = (50.0 - hw, 50.0 + hw);
    Path::at(x0 + r, y0)
        .line(x1 - r, y0)
        .quad(x1, y0, x1, y0 + r)
        .line(x1, y1 - r)
        .quad(x1, y1, x1 - r, y1)
        .line(x0 + r, y1)
        .quad(x0, y1, x0, y1 - r)
        .line(x0, y0 + r)
        .quad(x0, y0, x0 + r, y0)
        .poly()
}

/// The two-tier foot every piece stands on, `hw` half wide; its inner line.
fn base(hw: f32) -> (Vec<Prim>, Prim) {
    (
        vec![slab(7.0, 13.5, hw, 2.5), slab(12.0, 19.0, hw - 4.0, 2.5)],
        hline(13.5, 50.0 - hw + 4.0, 50.0 + hw - 4.0),
    )
}

fn hline(y: f32, x0: f32, x1: f32) -> Prim {
    line(&[[x0, y], [x1, y]], DETAIL)
}

/// A body rising from the foot (half width `bottom` at y = 19) to a neck (half width
/// `top` at y = `neck`), its sides curving in.
fn body(neck: f32, top: f32, bottom: f32) -> Prim {
    sym(Path::at(50.0, neck)
        .line(50.0 + top, neck)
        .quad(50.0 + top, 30.0, 50.0 + bottom, 18.0)
        .line(50.0, 18.0)
        .points())
}

fn cross(y0: f32, h: f32, span: f32, bar: f32) -> Vec<Prim> {
    let arm = y0 + h * 0.6;
    vec![
        rect(50.0 - bar / 2.0, y0, 50.0 + bar / 2.0, y0 + h),
        rect(
            50.0 - span / 2.0,
            arm - bar / 2.0,
            50.0 + span / 2.0,
            arm + bar / 2.0,
        ),
    ]
}

fn icon_of(parts: Vec<Prim>, details: Vec<Prim>) -> Icon {
    Icon {
        body: Sil {
            add: parts,
            cut: vec![],
        },
        details,
    }
}

fn pawn() -> Icon {
    let (mut p, foot) = base(25.0);
    p.extend([
        body(50.0, 9.0, 19.0),
        ellipse(50.0, 51.0, 15.0, 4.5),
        circle(50.0, 67.0, 13.5),
    ]);
    icon_of(p, vec![foot, hline(19.0, 33.0, 67.0)])
}

fn rook() -> Icon {
    let (mut p, foot) = base(27.0);
    // Three merlons, two crenels wide enough to show at 16 px.
    p.push(sym(vec![
        [50.0, 87.0],
        [55.0, 87.0],
        [55.0, 78.0],
        [63.0, 78.0],
        [63.0, 87.0],
        [73.0, 87.0],
        [73.0, 70.0],
        [66.0, 64.0],
        [66.0, 27.0],
        [72.0, 20.0],
        [72.0, 18.0],
        [50.0, 18.0],
    ]));
    icon_of(
        p,
        vec![foot, hline(70.0, 28.0, 72.0), hline(27.0, 34.0, 66.0)],
    )
}

fn bishop() -> Icon {
    let (mut p, foot) = base(25.0);
    p.extend([
        body(52.0, 7.0, 18.0),
        ellipse(50.0, 53.0, 14.0, 4.0),
        sym(Path::at(50.0, 86.0)
            .quad(64.0, 76.0, 63.0, 66.0)
            .quad(62.0, 57.0, 55.0, 55.0)
            .line(50.0, 55.0)
            .points()),
        circle(50.0, 89.5, 5.0),
    ]);
    // The mitre's slit, and the line under it.
    let slit = line(&[[49.0, 69.0], [59.0, 77.0]], DETAIL * 1.2);
    icon_of(p, vec![foot, slit, hline(57.0, 40.0, 60.0)])
}

fn queen_crown(p: &mut Vec<Prim>, center_ball: bool) {
    p.push(sym(vec![
        [50.0, 82.0],
        [56.0, 62.0],
        [64.0, 80.0],
        [67.0, 60.0],
        [78.0, 76.0],
        [66.0, 50.0],
        [50.0, 50.0],
    ]));
    for (x, y) in [(64.0, 82.5), (78.5, 78.5), (36.0, 82.5), (21.5, 78.5)] {
        p.push(circle(x, y, 4.8));
    }
    if center_ball {
        p.push(circle(50.0, 85.0, 5.0));
    }
}

fn queen(royal: bool) -> Icon {
    let (mut p, foot) = base(27.0);
    p.extend([body(46.0, 10.0, 21.0), ellipse(50.0, 48.0, 17.0, 4.5)]);
    queen_crown(&mut p, !royal);
    if royal {
        // The royal queen: the king's cross over the queen's crown.
        p.extend(cross(75.0, 20.0, 19.0, 7.0));
    }
    icon_of(
        p,
        vec![foot, hline(51.0, 35.0, 65.0), hline(19.0, 31.0, 69.0)],
    )
}

fn king_body(p: &mut Vec<Prim>) {
    p.extend([
        body(56.0, 11.0, 21.0),
        ellipse(50.0, 57.0, 17.0, 4.5),
        sym(Path::at(50.0, 79.0)
            .quad(67.0, 79.0, 66.0, 60.0)
            .line(50.0, 60.0)
            .points()),
    ]);
}

fn king() -> Icon {
    let (mut p, foot) = base(27.0);
    king_body(&mut p);
    p.extend(cross(73.0, 22.0, 21.0, 8.0));
    icon_of(
        p,
        vec![foot, hline(61.0, 35.0, 65.0), hline(19.0, 31.0, 69.0)],
    )
}

fn common_king() -> Icon {
    let (mut p, foot) = base(27.0);
    king_body(&mut p);
    // Spikes round the crown and an orb, no cross: a king, but not the royal one.
    for (x, lean) in [(36.0, -4.0), (64.0, 4.0)] {
        p.push(Prim::Poly(vec![
            [x - 6.0, 70.0],
            [x + 6.0, 70.0],
            [x + lean, 88.0],
        ]));
    }
    p.push(circle(50.0, 86.0, 7.5));
    icon_of(
        p,
        vec![foot, hline(61.0, 35.0, 65.0), hline(19.0, 31.0, 69.0)],
    )
}

/// The knight's head, facing left.
fn horse_head() -> Prim {
    Path::at(75.0, 18.0)
        .cubic([80.0, 40.0], [79.0, 62.0], [64.0, 79.0])
        .line(61.0, 94.0)
        .line(53.0, 83.0)
        .cubic([44.0, 82.0], [30.0, 75.0], [22.0, 63.0])
        .quad(13.0, 55.0, 13.0, 49.0)
        .quad(13.0, 42.0, 22.0, 42.0)
        .quad(30.0, 42.0, 37.0, 48.0)
        .line(45.0, 51.0)
        .cubic([38.0, 42.0], [30.0, 30.0], [28.0, 18.0])
        .poly()
}

fn knight() -> Icon {
    let (mut p, foot) = base(27.0);
    p.push(horse_head());
    let mane = Path::at(61.0, 80.0)
        .cubic([71.0, 66.0], [73.0, 44.0], [69.0, 22.0])
        .stroke(DETAIL);
    icon_of(
        p,
        vec![foot, mane, circle(38.0, 67.0, 3.2), circle(19.0, 51.0, 1.9)],
    )
}

fn unicorn() -> Icon {
    let (mut p, foot) = base(27.0);
    // A slimmer head, held high, and a long horn from the brow.
    p.push(
        Path::at(74.0, 18.0)
            .cubic([78.0, 40.0], [77.0, 62.0], [62.0, 78.0])
            .line(60.0, 92.0)
            .line(52.0, 80.0)
            .cubic([44.0, 79.0], [32.0, 73.0], [25.0, 64.0])
            .quad(17.0, 57.0, 17.0, 52.0)
            .quad(17.0, 46.0, 25.0, 46.0)
            .quad(32.0, 47.0, 38.0, 52.0)
            .line(45.0, 54.0)
            .cubic([39.0, 44.0], [32.0, 30.0], [30.0, 18.0])
            .poly(),
    );
    p.push(Prim::Poly(vec![[33.0, 73.0], [43.0, 79.0], [23.0, 95.0]]));
    let mane = Path::at(59.0, 78.0)
        .cubic([69.0, 64.0], [71.0, 44.0], [68.0, 22.0])
        .stroke(DETAIL);
    let spiral = vec![
        line(&[[33.0, 79.0], [37.0, 81.0]], DETAIL * 0.8),
        line(&[[29.0, 84.0], [32.0, 86.0]], DETAIL * 0.8),
    ];
    let mut d = vec![foot, mane, circle(40.0, 66.0, 3.0)];
    d.extend(spiral);
    icon_of(p, d)
}

fn dragon() -> Icon {
    let (mut p, foot) = base(27.0);
    // A bat's wing raised behind the neck.
    p.push(Prim::Poly(vec![
        [60.0, 48.0],
        [73.0, 89.0],
        [92.0, 93.0],
        [88.0, 80.0],
        [93.0, 70.0],
        [86.0, 60.0],
        [90.0, 48.0],
        [77.0, 40.0],
    ]));
    // The head: horns swept back, jaws open, facing left.
    p.push(
        Path::at(72.0, 18.0)
            .cubic([78.0, 36.0], [72.0, 54.0], [60.0, 68.0])
            .line(70.0, 88.0)
            .line(54.0, 76.0)
            .line(40.0, 79.0)
            .line(22.0, 72.0)
            .line(9.0, 68.0)
            .line(10.0, 63.0)
            .line(30.0, 60.0)
            .line(12.0, 54.0)
            .line(14.0, 49.0)
            .line(32.0, 48.0)
            .line(42.0, 48.0)
            .cubic([36.0, 40.0], [29.0, 30.0], [28.0, 18.0])
            .poly(),
    );
    let wing_bones = vec![
        line(&[[73.0, 87.0], [87.0, 80.0]], DETAIL * 0.8),
        line(&[[73.0, 87.0], [85.0, 61.0]], DETAIL * 0.8),
        line(&[[73.0, 87.0], [77.0, 44.0]], DETAIL * 0.8),
    ];
    let mut d = vec![foot, circle(38.0, 70.0, 2.8)];
    d.extend(wing_bones);
    icon_of(p, d)
}

fn princess() -> Icon {
    let (mut p, foot) = base(26.0);
    // A tower whose battlements hold a mitre.
    p.push(sym(vec![
        [50.0, 60.0],
        [60.0, 60.0],
        [60.0, 70.0],
        [71.0, 70.0],
        [71.0, 58.0],
        [65.0, 52.0],
        [65.0, 27.0],
        [71.0, 20.0],
        [71.0, 18.0],
        [50.0, 18.0],
    ]));
    p.push(sym(Path::at(50.0, 87.0)
        .quad(62.0, 78.0, 61.0, 69.0)
        .quad(60.0, 61.0, 54.0, 58.0)
        .line(50.0, 58.0)
        .points()));
    p.push(circle(50.0, 90.5, 4.5));
    let slit = line(&[[49.0, 71.0], [57.0, 78.0]], DETAIL * 1.1);
    icon_of(
        p,
        vec![foot, slit, hline(55.0, 30.0, 70.0), hline(27.0, 35.0, 65.0)],
    )
}

fn brawn() -> Icon {
    let (mut p, foot) = base(27.0);
    // A pawn grown broad: a torso wider at the shoulders than at the waist (a pawn's body
    // narrows upward), and a big head.
    p.push(sym(Path::at(50.0, 60.0)
        .line(66.0, 60.0)
        .quad(76.0, 60.0, 75.0, 52.0)
        .quad(70.0, 40.0, 61.0, 34.0)
        .quad(60.0, 26.0, 70.0, 18.0)
        .line(50.0, 18.0)
        .points()));
    p.push(circle(50.0, 73.0, 14.5));
    icon_of(
        p,
        vec![
            foot,
            hline(19.0, 31.0, 69.0),
            line(&[[40.0, 34.0], [60.0, 34.0]], DETAIL),
            line(&[[33.0, 56.0], [40.0, 48.0]], DETAIL),
            line(&[[67.0, 56.0], [60.0, 48.0]], DETAIL),
        ],
    )
}

/// The soldiers' shared body, head and foot.
fn soldier(p: &mut Vec<Prim>) -> Prim {
    let (foot_parts, foot) = base(24.0);
    p.extend(foot_parts);
    p.extend([
        body(50.0, 9.0, 17.0),
        ellipse(50.0, 50.0, 14.0, 4.5),
        circle(50.0, 62.0, 10.0),
    ]);
    foot
}

fn spearman() -> Icon {
    let mut p = Vec::new();
    let foot = soldier(&mut p);
    // A pointed helmet, and a spear at his right (the viewer's left).
    p.push(sym(vec![
        [50.0, 84.0],
        [61.0, 66.0],
        [61.0, 63.0],
        [50.0, 63.0],
    ]));
    p.push(line(&[[25.0, 10.0], [25.0, 80.0]], 3.0));
    p.push(Prim::Poly(vec![
        [25.0, 95.0],
        [32.0, 82.0],
        [25.0, 76.0],
        [18.0, 82.0],
    ]));
    p.push(circle(26.0, 46.0, 5.0));
    icon_of(p, vec![foot, hline(65.0, 41.0, 59.0)])
}

fn archer() -> Icon {
    let mut p = Vec::new();
    let foot = soldier(&mut p);
    // A hood, and a bow at his left (the viewer's right), its string toward him.
    p.push(sym(vec![
        [50.0, 79.0],
        [56.0, 77.0],
        [61.0, 69.0],
        [62.0, 58.0],
        [50.0, 58.0],
    ]));
    p.push(
        Path::at(70.0, 90.0)
            .quad(96.0, 52.0, 70.0, 14.0)
            .stroke(3.4),
    );
    p.push(line(&[[70.0, 90.0], [70.0, 14.0]], 0.9));
    icon_of(
        p,
        vec![
            foot,
            line(&[[42.0, 60.0], [50.0, 56.0], [58.0, 60.0]], DETAIL),
        ],
    )
}

fn guard() -> Icon {
    let mut p = Vec::new();
    let foot = soldier(&mut p);
    // A broad-brimmed kettle hat (not the spearman's cone nor the archer's hood), and a
    // broad heater shield held before him.
    p.push(sym(Path::at(50.0, 84.0)
        .quad(61.0, 84.0, 61.0, 70.0)
        .line(68.0, 67.0)
        .quad(69.0, 63.0, 64.0, 63.0)
        .line(50.0, 63.0)
        .points()));
    p.push(sym(Path::at(50.0, 60.0)
        .line(73.0, 60.0)
        .line(73.0, 46.0)
        .quad(72.0, 24.0, 50.0, 13.0)
        .points()));
    let rim = Path::at(50.0, 56.0)
        .line(69.0, 56.0)
        .line(69.0, 46.0)
        .quad(68.0, 27.0, 50.0, 18.0)
        .quad(32.0, 27.0, 31.0, 46.0)
        .line(31.0, 56.0)
        .line(50.0, 56.0)
        .stroke(DETAIL * 0.9);
    let brim = hline(69.0, 39.0, 61.0);
    icon_of(p, vec![foot, rim, brim, circle(50.0, 39.0, 5.0)])
}
