//! Turns a drawing into pixels: fill, outline, inner lines and (on black pieces) a light
//! rim, each anti-aliased from the silhouette's distance field. Also the contact sheet.

use crate::icons::Icon;
use crate::sdf::Prim;
use std::io::BufWriter;
use std::path::Path;

/// Icons are this many pixels square.
pub const SIZE: usize = 128;

/// Half the outline's width, in design units (a unit is 1.28 px at 128 px).
const OUTLINE: f32 = 1.7;
/// The light rim round a black piece, outside its outline: what shows it on a dark square.
const RIM: f32 = 2.2;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

/// Straight-alpha RGBA pixels, row by row from the top.
pub struct Image {
    pub w: usize,
    pub h: usize,
    pub rgba: Vec<[f32; 4]>,
}

type Rgb = [f32; 3];
fn rgb(r: u8, g: u8, b: u8) -> Rgb {
    [r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0]
}

/// Coverage of the region `d < 0` by a pixel `px` units wide.
fn cover(d: f32, px: f32) -> f32 {
    (0.5 - d / px).clamp(0.0, 1.0)
}

pub fn draw(icon: &Icon, side: Side, size: usize) -> Image {
    let px = 100.0 / size as f32;
    let (fill, outline, detail, rim) = match side {
        Side::White => (rgb(250, 248, 240), rgb(24, 24, 28), rgb(24, 24, 28), None),
        Side::Black => (
            rgb(44, 44, 50),
            rgb(14, 14, 18),
            rgb(232, 228, 216),
            Some(rgb(240, 236, 226)),
        ),
    };
    let mut rgba = Vec::with_capacity(size * size);
    for y in 0..size {
        for x in 0..size {
            let p = [(x as f32 + 0.5) * px, 100.0 - (y as f32 + 0.5) * px];
            let d = icon.body.dist(p);
            let dd = icon
                .details
                .iter()
                .map(|s: &Prim| s.dist(p))
                .fold(f32::MAX, f32::min);
            let inner = cover(d + OUTLINE, px);
            let mut layers: Vec<(Rgb, f32)> = Vec::with_capacity(4);
            if let Some(r) = rim {
                layers.push((r, cover(d - OUTLINE - RIM, px)));
            }
            layers.push((outline, cover(d - OUTLINE, px)));
            layers.push((fill, inner));
            layers.push((detail, cover(dd, px) * inner));
            // Composite front over back, premultiplied.
            let mut c = [0.0f32; 3];
            let mut a = 0.0f32;
            for (col, al) in layers {
                for k in 0..3 {
                    c[k] = col[k] * al + c[k] * (1.0 - al);
                }
                a = al + a * (1.0 - al);
            }
            let un = if a > 0.0 { 1.0 / a } else { 0.0 };
            rgba.push([c[0] * un, c[1] * un, c[2] * un, a]);
        }
    }
    Image {
        w: size,
        h: size,
        rgba,
    }
}

/// Averages `f` x `f` blocks (premultiplied), as a texture's smaller mip levels do.
pub fn shrink(img: &Image, f: usize) -> Image {
    let (w, h) = (img.w / f, img.h / f);
    let mut rgba = Vec::with_capacity(w * h);
    for y in 0..h {
        for x in 0..w {
            let mut acc = [0.0f32; 4];
            for dy in 0..f {
                for dx in 0..f {
                    let p = img.rgba[(y * f + dy) * img.w + x * f + dx];
                    for k in 0..3 {
                        acc[k] += p[k] * p[3];
                    }
                    acc[3] += p[3];
                }
            }
            let n = (f * f) as f32;
            let a = acc[3] / n;
            let un = if acc[3] > 0.0 { 1.0 / acc[3] } else { 0.0 };
            rgba.push([acc[0] * un, acc[1] * un, acc[2] * un, a]);
        }
    }
    Image { w, h, rgba }
}

pub fn save(path: &Path, img: &Image) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let f = std::fs::File::create(path).map_err(|e| err(&e))?;
    let mut enc = png::Encoder::new(BufWriter::new(f), img.w as u32, img.h as u32);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let mut w = enc.write_header().map_err(|e| err(&e))?;
    w.write_image_data(&bytes(img)).map_err(|e| err(&e))
}

/// The image as 8-bit RGBA bytes.
pub fn bytes(img: &Image) -> Vec<u8> {
    img.rgba
        .iter()
        .flat_map(|p| p.map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8))
        .collect()
}

/// A contact sheet: per kind a column; rows at 64, 32 and 16 px (shrunk from the 128 px
/// icons), each side on a light and on a dark square.
pub fn sheet(drawn: &[(crate::shapes::Shape, Side, Image)]) -> Image {
    const LIGHT: Rgb = [222.0 / 255.0, 206.0 / 255.0, 170.0 / 255.0];
    const DARK: Rgb = [150.0 / 255.0, 114.0 / 255.0, 82.0 / 255.0];
    const BG: Rgb = [0.3, 0.32, 0.36];
    let kinds: Vec<_> = drawn
        .iter()
        .filter(|d| d.1 == Side::White)
        .map(|d| d.0)
        .collect();
    let col = 72;
    let rows: Vec<(usize, Side, Rgb)> = [64usize, 32, 16]
        .iter()
        .flat_map(|&s| {
            [
                (s, Side::White, LIGHT),
                (s, Side::Black, DARK),
                (s, Side::White, DARK),
                (s, Side::Black, LIGHT),
            ]
        })
        .collect();
    let w = kinds.len() * col + 8;
    let h: usize = rows.iter().map(|r| r.0 + 6).sum::<usize>() + 8;
    let mut out = Image {
        w,
        h,
        rgba: vec![[BG[0], BG[1], BG[2], 1.0]; w * h],
    };
    let mut y0 = 4;
    for &(s, side, sq) in &rows {
        for (i, k) in kinds.iter().enumerate() {
            let icon = &drawn
                .iter()
                .find(|d| d.0 == *k && d.1 == side)
                .expect("every kind is drawn for both sides")
                .2;
            let small = shrink(icon, SIZE / s);
            let x0 = 4 + i * col + (col - s) / 2;
            for y in 0..s {
                for x in 0..s {
                    let p = small.rgba[y * s + x];
                    let o = &mut out.rgba[(y0 + y) * w + x0 + x];
                    for k in 0..3 {
                        o[k] = p[k] * p[3] + sq[k] * (1.0 - p[3]);
                    }
                }
            }
        }
        y0 += s + 6;
    }
    out
}
