//! Charts of final-score distributions, drawn with `plotters` (feature `plot`; the
//! `yahtzee stats --plot` and `simulate --plot` files).
//!
//! [`write_histogram`] draws P(final score = x) as a histogram with **one bar per score point**
//! (no binning, so the y axis is plain probability, in percent), with the mean and the median
//! marked as vertical lines (mean: dashed red, median: solid green) named with their values in
//! a legend. The x axis spans the bars one can see (a bar under a pixel high is not drawn, and
//! the axis says how many games lie beyond), not the rare Yahtzee-bonus tail out to 1500.
//! The format follows the file's extension: `.svg` or `.png`.
//!
//! Text is laid out (and, for PNG, rasterised) with a font embedded in the binary,
//! `assets/fonts/DejaVuSans-subset.ttf` of this crate (a Latin/Greek/punctuation subset of DejaVu
//! Sans; licence in `assets/fonts/LICENSE-DejaVu.txt`), through plotters' `ab_glyph` feature, so PNG output needs
//! no system fonts or fontconfig. SVG output names the family `sans-serif` and leaves the glyphs to
//! the viewer. Characters outside the subset render as the font's missing-glyph box in PNG.

use std::io::Write;
use std::path::Path;
use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};
use yahtzee_table::atomic::{folder_of, temp_beside};

/// Why a chart was not drawn or written: one line naming the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlotError(String);

impl std::fmt::Display for PlotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PlotError {}

/// A [`PlotError`] from a message.
fn fail<T>(message: impl Into<String>) -> Result<T, PlotError> {
    Err(PlotError(message.into()))
}

/// Image size in pixels (width, height).
const SIZE: (u32, u32) = (1000, 600);

/// Scores whose probability is at most this fraction of the largest one are left out of the x
/// range at either end: their bars would be under two pixels high in the plot area (about 430
/// pixels to the tallest bar), too thin to see, so an axis out to them looks empty. The
/// official rules' tail of several extra Yahtzees reaches past 1500 with probabilities of
/// 1e-8 and less.
const VISIBLE_FRACTION: f64 = 1.0 / 250.0;

/// Font family name under which the embedded font is registered; plotters' default family.
const FONT_FAMILY: &str = "sans-serif";

/// The embedded font: see the module documentation.
static FONT_BYTES: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-subset.ttf");

const BAR_COLOUR: RGBColor = RGBColor(70, 110, 180);
const MEAN_COLOUR: RGBColor = RGBColor(214, 39, 40);
const MEDIAN_COLOUR: RGBColor = RGBColor(30, 150, 60);

/// What to draw.
pub struct Histogram<'a> {
    /// Chart title, e.g. "Final score under optimal play (forced Joker), exact".
    pub title: String,
    /// `probabilities[x]` = P(final total == x), x from 0 up; may be ~1600 long; many entries 0 or
    /// tiny.
    pub probabilities: &'a [f64],
    /// Mean and median of the distribution, marked on the chart as labelled vertical lines.
    pub mean: f64,
    pub median: u32,
}

impl<'a> Histogram<'a> {
    /// The chart of a `yahtzee stats` or `simulate` summary from `card`: the title names
    /// the rules, the card (unless empty) and how the figures were found.
    pub fn of(summary: &'a crate::Summary, card: &yahtzee_rules::Scorecard) -> Histogram<'a> {
        let how = match summary.method {
            crate::Method::Exact => "exact".to_string(),
            crate::Method::Simulation { games, .. } => format!("{games} simulated games"),
        };
        let from = if card.state().turns_played() == 0 {
            String::new()
        } else {
            format!(", from '{}'", yahtzee_rules::Scorecard::text(card))
        };
        Histogram {
            title: format!(
                "Final score under optimal play: rules '{}'{from}, {how}",
                summary.rules
            ),
            probabilities: &summary.distribution,
            mean: summary.total.mean.value,
            median: summary.median() as u32,
        }
    }
}

/// Checks, before any work is done, that a chart could be written at `path`: a known
/// extension and an existing folder.
pub fn check_path(path: &Path) -> Result<(), PlotError> {
    Format::of(path)?;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if dir.is_some_and(|d| !d.is_dir()) {
        return fail(format!("cannot draw '{}': no such folder", path.display()));
    }
    Ok(())
}

/// Writes the chart to `path` (.svg or .png, case-insensitive); any other extension is an error
/// with a one-line message like "cannot draw 'x.jpg': the plot file must end in .svg or .png".
///
/// One bar per score point; the x axis runs from the first to the last score whose probability
/// exceeds 1e-6 of the largest, widened if needed to show the mean and median.
///
/// The file is written atomically: to a temporary file in the same directory, then renamed over
/// `path`; on failure nothing is left behind and the error names the path. Empty, all-zero,
/// negative or non-finite probabilities, and a non-finite mean, are errors.
pub fn write_histogram(path: &Path, h: &Histogram) -> Result<(), PlotError> {
    let format = Format::of(path)?;
    let layout =
        Layout::new(h).map_err(|e| PlotError(format!("cannot draw '{}': {e}", path.display())))?;
    register_embedded_font()?;

    let dir = folder_of(path);
    if path.file_name().is_none() {
        return fail(format!("cannot draw '{}': not a file name", path.display()));
    }
    let mut tmp = temp_beside(path, format.suffix()).map_err(|e| {
        PlotError(format!(
            "cannot write plot '{}': cannot create a temporary file in '{}': {e}",
            path.display(),
            dir.display()
        ))
    })?;

    let rendered = match format {
        Format::Svg => {
            let mut svg = String::new();
            draw(
                SVGBackend::with_string(&mut svg, SIZE).into_drawing_area(),
                h,
                &layout,
            )
            .and_then(|()| {
                let file = tmp.as_file_mut();
                file.write_all(svg.as_bytes())
                    .and_then(|()| file.flush())
                    .map_err(|e| e.to_string())
            })
        }
        Format::Png => {
            // The bitmap backend saves to a path (by its .png suffix) when presented.
            draw(
                BitMapBackend::new(tmp.path(), SIZE).into_drawing_area(),
                h,
                &layout,
            )
        }
    };
    let cannot = |e: String| PlotError(format!("cannot write plot '{}': {e}", path.display()));
    rendered
        .and_then(|()| tmp.as_file().sync_all().map_err(|e| e.to_string()))
        .map_err(cannot)?;
    // On failure the returned temporary file is dropped, which deletes it.
    tmp.persist(path).map_err(|e| cannot(e.error.to_string()))?;
    Ok(())
}

/// Output format, from the file extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

impl Format {
    fn of(path: &Path) -> Result<Format, PlotError> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            _ => fail(format!(
                "cannot draw '{}': the plot file must end in .svg or .png",
                path.display()
            )),
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Format::Svg => ".svg",
            Format::Png => ".png",
        }
    }
}

/// Registers the embedded font once per process; plotters needs it for all text layout.
fn register_embedded_font() -> Result<(), PlotError> {
    static REGISTERED: OnceLock<Result<(), String>> = OnceLock::new();
    REGISTERED
        .get_or_init(|| {
            register_font(FONT_FAMILY, FontStyle::Normal, FONT_BYTES)
                .map_err(|_| "the embedded font could not be loaded".to_string())
        })
        .clone()
        .map_err(PlotError)
}

/// The checked data and the axis ranges derived from it.
#[derive(Debug)]
struct Layout {
    /// Bars drawn: the scores from `first` to `last` inclusive.
    first: usize,
    last: usize,
    x_range: std::ops::Range<f64>,
    y_max: f64,
    /// The probability of the scores outside `first..=last` (not drawn).
    hidden: f64,
}

impl Layout {
    fn new(h: &Histogram) -> Result<Layout, String> {
        let p = h.probabilities;
        if p.is_empty() {
            return Err("the distribution is empty".into());
        }
        if let Some((x, v)) = p
            .iter()
            .enumerate()
            .find(|(_, v)| !v.is_finite() || **v < 0.0)
        {
            return Err(format!("P(score = {x}) is {v}, not a probability"));
        }
        let max = p.iter().copied().fold(0.0, f64::max);
        if max <= 0.0 {
            return Err("all probabilities are zero".into());
        }
        if !h.mean.is_finite() {
            return Err(format!("the mean is {}", h.mean));
        }
        let threshold = max * VISIBLE_FRACTION;
        let first = p.iter().position(|&v| v > threshold).unwrap_or(0);
        let last = p
            .iter()
            .rposition(|&v| v > threshold)
            .unwrap_or(p.len() - 1);

        let median = f64::from(h.median);
        let lo = (first as f64).min(h.mean).min(median);
        let hi = (last as f64).max(h.mean).max(median);
        let pad = ((hi - lo) * 0.02).max(2.0);
        let x_range = (lo - pad).max(-0.5)..hi + pad;
        let hidden = p[..first].iter().chain(&p[last + 1..]).sum();
        Ok(Layout {
            first,
            last,
            x_range,
            // Head room for the legend.
            y_max: max * 1.15,
            hidden,
        })
    }

    /// The x axis's name, with the share of games whose scores are off the chart.
    fn x_desc(&self) -> String {
        if self.hidden < 5e-5 {
            "final score".to_string()
        } else {
            format!(
                "final score ({:.2}% of games score outside {}–{}, too rare to see)",
                100.0 * self.hidden,
                self.first,
                self.last
            )
        }
    }
}

/// Draws the chart on `root` and presents it (which, for the bitmap backend, saves the file).
fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    h: &Histogram,
    layout: &Layout,
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| format!("drawing failed: {e}");
    root.fill(&WHITE).map_err(err)?;

    let mut chart = ChartBuilder::on(&root)
        .caption(&h.title, (FONT_FAMILY, 24))
        .margin(15)
        .x_label_area_size(50)
        .y_label_area_size(80)
        .build_cartesian_2d(layout.x_range.clone(), 0.0..layout.y_max)
        .map_err(err)?;

    // Percent: the tick labels read as a share of games.
    let y_decimals = decimals_for(100.0 * layout.y_max / 10.0);
    chart
        .configure_mesh()
        .disable_x_mesh()
        .bold_line_style(RGBColor(215, 215, 215))
        .light_line_style(TRANSPARENT)
        .x_desc(layout.x_desc())
        .y_desc("probability")
        .axis_desc_style((FONT_FAMILY, 18))
        .label_style((FONT_FAMILY, 14))
        .x_labels(12)
        .y_labels(8)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| trim_zeros(format!("{:.y_decimals$}", 100.0 * y)) + "%")
        .draw()
        .map_err(err)?;

    let p = h.probabilities;
    chart
        .draw_series(
            (layout.first..=layout.last)
                .filter(|&x| p[x] > 0.0)
                .map(|x| {
                    let x = x as f64;
                    Rectangle::new(
                        [(x - 0.5, 0.0), (x + 0.5, p[x as usize])],
                        BAR_COLOUR.filled(),
                    )
                }),
        )
        .map_err(err)?
        .label("P(final score = x)")
        .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 18, y + 5)], BAR_COLOUR.filled()));

    let median = f64::from(h.median);
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(median, 0.0), (median, layout.y_max)],
            MEDIAN_COLOUR.stroke_width(2),
        )))
        .map_err(err)?
        .label(format!("median {}", h.median))
        .legend(|(x, y)| {
            PathElement::new(vec![(x, y), (x + 18, y)], MEDIAN_COLOUR.stroke_width(2))
        });

    // Dashed, so that it stays visible when it lies on top of the median.
    chart
        .draw_series(std::iter::once(DashedPathElement::new(
            vec![(h.mean, 0.0), (h.mean, layout.y_max)],
            8,
            5,
            MEAN_COLOUR.stroke_width(2),
        )))
        .map_err(err)?
        .label(format!("mean {:.1}", h.mean))
        .legend(|(x, y)| {
            DashedPathElement::new(vec![(x, y), (x + 18, y)], 5, 3, MEAN_COLOUR.stroke_width(2))
        });

    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font((FONT_FAMILY, 16))
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(160, 160, 160))
        .draw()
        .map_err(err)?;

    root.present().map_err(err)?;
    Ok(())
}

/// Decimal places needed to tell apart y tick labels about `step` apart.
fn decimals_for(step: f64) -> usize {
    if step > 0.0 && step.is_finite() {
        (-step.log10().floor()).clamp(0.0, 12.0) as usize
    } else {
        3
    }
}

/// "0.0040" -> "0.004", "0.000" -> "0".
fn trim_zeros(s: String) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Binomial(40, 0.5) scaled by 5 points: P(score = 5k) = C(40, k) / 2^40.
    fn binomial() -> Vec<f64> {
        let n = 40;
        let mut p = vec![0.0; 5 * n + 1];
        let mut c = 1.0f64;
        for k in 0..=n {
            p[5 * k] = c / 2f64.powi(n as i32);
            c = c * (n - k) as f64 / (k + 1) as f64;
        }
        p
    }

    fn histogram(p: &[f64]) -> Histogram<'_> {
        Histogram {
            title: "Test distribution, exact".to_string(),
            probabilities: p,
            mean: 100.0,
            median: 100,
        }
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn writes_svg_with_title_and_axis_labels() {
        let dir = tempfile::tempdir().unwrap();
        let p = binomial();
        let path = dir.path().join("dist.SVG");
        write_histogram(&path, &histogram(&p)).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(200)]);
        for text in [
            "Test distribution, exact",
            "final score",
            "probability",
            "mean 100.0",
            "median 100",
        ] {
            assert!(svg.contains(text), "SVG lacks {text:?}");
        }
        assert_eq!(
            entries(dir.path()),
            ["dist.SVG"],
            "temporary file left behind"
        );
    }

    #[test]
    fn writes_png() {
        let dir = tempfile::tempdir().unwrap();
        let p = binomial();
        let path = dir.path().join("dist.png");
        write_histogram(&path, &histogram(&p)).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
        assert!(
            (5_000..3_000_000).contains(&bytes.len()),
            "PNG is {} bytes",
            bytes.len()
        );
        assert_eq!(
            entries(dir.path()),
            ["dist.png"],
            "temporary file left behind"
        );
    }

    #[cfg(unix)]
    #[test]
    fn file_mode_is_that_of_a_newly_created_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = binomial();
        let path = dir.path().join("dist.png");
        write_histogram(&path, &histogram(&p)).unwrap();
        let plain = dir.path().join("plain");
        std::fs::File::create(&plain).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), mode(&plain));
    }

    #[test]
    fn overwrites_an_existing_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = binomial();
        let path = dir.path().join("dist.svg");
        std::fs::write(&path, "old").unwrap();
        write_histogram(&path, &histogram(&p)).unwrap();
        assert!(std::fs::read_to_string(&path).unwrap().starts_with("<svg"));
    }

    #[test]
    fn refuses_other_extensions() {
        let dir = tempfile::tempdir().unwrap();
        let p = binomial();
        for name in ["x.jpg", "x", "x.svg.txt"] {
            let path = dir.path().join(name);
            let err = write_histogram(&path, &histogram(&p)).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!(
                    "cannot draw '{}': the plot file must end in .svg or .png",
                    path.display()
                )
            );
        }
        assert!(entries(dir.path()).is_empty());
    }

    #[test]
    fn unwritable_directory_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let p = binomial();
        let path = dir.path().join("no").join("such").join("dir.png");
        let err = write_histogram(&path, &histogram(&p)).unwrap_err();
        assert!(
            err.to_string().contains(&path.display().to_string()),
            "{err:#}"
        );
        // A directory where the file should go: the rename fails, the temporary file goes.
        let path = dir.path().join("taken.svg");
        std::fs::create_dir(&path).unwrap();
        let err = write_histogram(&path, &histogram(&p)).unwrap_err();
        assert!(
            err.to_string().contains(&path.display().to_string()),
            "{err:#}"
        );
        assert_eq!(entries(dir.path()), ["taken.svg"]);
    }

    #[test]
    fn odd_input_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let zeros = [0.0; 10];
        let negative = [0.5, -0.1, 0.6];
        let nan = [0.5, f64::NAN];
        for p in [&[][..], &zeros, &negative, &nan] {
            let path = dir.path().join("odd.png");
            assert!(write_histogram(&path, &histogram(p)).is_err());
        }
        let p = binomial();
        let mut h = histogram(&p);
        h.mean = f64::INFINITY;
        assert!(write_histogram(&dir.path().join("odd.svg"), &h).is_err());
        assert!(entries(dir.path()).is_empty());
    }

    #[test]
    fn x_range_drops_negligible_tails_but_keeps_mean_and_median() {
        let mut p = vec![0.0; 1600];
        p[100] = 0.5;
        p[200] = 0.5;
        p[1500] = 1e-9; // too thin to see: not drawn
        p[150] = 1e-3;
        let h = Histogram {
            title: String::new(),
            probabilities: &p,
            mean: 150.0,
            median: 400,
        };
        let l = Layout::new(&h).unwrap();
        assert_eq!((l.first, l.last), (100, 200));
        assert!((l.hidden - 1e-9).abs() < 1e-15, "{}", l.hidden);
        assert_eq!(l.x_desc(), "final score");
        assert!(
            l.x_range.start < 100.0 && l.x_range.start > 80.0,
            "{:?}",
            l.x_range
        );
        assert!(
            l.x_range.end > 400.0 && l.x_range.end < 420.0,
            "{:?}",
            l.x_range
        );
    }

    /// A realistic shape: 0.7 N(245, 40) + 0.3 N(320, 50), zero below 50 and above 1575.
    /// Set YAHTZEE_PLOT_SAMPLE=/some/dir to keep sample.png and sample.svg there for a look.
    #[test]
    fn realistic_sample() {
        let normal = |x: f64, mu: f64, sd: f64| {
            (-0.5 * ((x - mu) / sd).powi(2)).exp() / (sd * (2.0 * std::f64::consts::PI).sqrt())
        };
        let mut p: Vec<f64> = (0..=1575)
            .map(|x| {
                let x = x as f64;
                if x < 50.0 {
                    0.0
                } else {
                    0.7 * normal(x, 245.0, 40.0) + 0.3 * normal(x, 320.0, 50.0)
                }
            })
            .collect();
        let total: f64 = p.iter().sum();
        p.iter_mut().for_each(|v| *v /= total);
        let mean: f64 = p.iter().enumerate().map(|(x, v)| x as f64 * v).sum();
        let mut cumulative = 0.0;
        let median = p
            .iter()
            .position(|v| {
                cumulative += v;
                cumulative >= 0.5
            })
            .unwrap() as u32;
        let h = Histogram {
            title: "Final score under optimal play (forced Joker), exact".to_string(),
            probabilities: &p,
            mean,
            median,
        };
        let dir = tempfile::tempdir().unwrap();
        let keep = std::env::var_os("YAHTZEE_PLOT_SAMPLE").map(std::path::PathBuf::from);
        let out = keep.as_deref().unwrap_or(dir.path());
        write_histogram(&out.join("sample.png"), &h).unwrap();
        write_histogram(&out.join("sample.svg"), &h).unwrap();
    }

    #[test]
    fn the_axis_spans_what_can_be_seen_and_names_the_rest() {
        // A bulk over 100..=300 and a long tail of rare totals out to 1500 (the shape of
        // the official rules' distribution): the axis ends with the bulk, not the tail.
        let mut p = vec![0.0; 1576];
        p[100..=300].fill(0.995 / 201.0);
        p[500..1500].fill(0.005 / 1000.0);
        let h = Histogram {
            title: String::new(),
            probabilities: &p,
            mean: 205.0,
            median: 200,
        };
        let l = Layout::new(&h).unwrap();
        assert_eq!((l.first, l.last), (100, 300));
        assert!(
            l.x_range.start > 90.0 && l.x_range.end < 310.0,
            "{:?}",
            l.x_range
        );
        assert!((l.hidden - 0.005).abs() < 1e-9, "{}", l.hidden);
        assert_eq!(
            l.x_desc(),
            "final score (0.50% of games score outside 100–300, too rare to see)"
        );
    }

    #[test]
    fn tick_label_formatting() {
        assert_eq!(decimals_for(0.00066), 4);
        assert_eq!(decimals_for(0.05), 2);
        assert_eq!(trim_zeros("0.0040".to_string()), "0.004");
        assert_eq!(trim_zeros("0.0000".to_string()), "0");
        assert_eq!(trim_zeros("12".to_string()), "12");
    }
}
