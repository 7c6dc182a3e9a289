//! `scripts/new`: a new problem as one crate folder and one samples folder, from templates.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use super::page::{Page, PageSample};
use super::problems::{looks_like_problem, Site};
use super::samples::as_judge_text;
use judge_runner::Compare;

/// What to create.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The judge.
    pub site: Site,
    /// The judge's problem id (a number from 1 up, no leading zero).
    pub id: String,
    /// Lowercase words joined by `-`, e.g. `snake`.
    pub slug: String,
    /// Time limit; the site's default when `None`.
    pub time_limit_ms: Option<u64>,
    /// Memory limit in MiB; the site's default when `None`.
    pub memory_limit_mb: Option<u64>,
    /// Official samples: (input file, expected output file).
    pub samples: Vec<(PathBuf, PathBuf)>,
    /// The problem page read: its title, address, limits (unless given above), special-judge
    /// mark and samples (after those of `samples`).
    pub page: Option<Page>,
}

impl Spec {
    /// The crate name: `<site prefix>-<id>-<slug>`.
    pub fn name(&self) -> String {
        format!("{}-{}-{}", self.site.prefix(), self.id, self.slug)
    }
}

/// What was created.
#[derive(Clone, Debug)]
pub struct Created {
    /// The crate folder.
    pub crate_dir: PathBuf,
    /// The samples folder.
    pub samples_dir: PathBuf,
    /// Number of samples copied in.
    pub samples: usize,
}

/// Fills `{key}` placeholders; `{{` and `}}` stand for literal braces.
///
/// ```
/// let text = judge_cli::scaffold::fill("fn {name}() {{}}", &[("name", "main")]);
/// assert_eq!(text, "fn main() {}");
/// ```
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut text = template.replace("{{", "\u{1}").replace("}}", "\u{2}");
    for (key, value) in values {
        text = text.replace(&format!("{{{key}}}"), value);
    }
    text.replace('\u{1}', "{").replace('\u{2}', "}")
}

/// `snake-bite` as a title: `Snake Bite`.
fn title(slug: &str) -> String {
    slug.split('-')
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The longest crate name `new` makes.
const MAX_NAME: usize = 64;

/// Checks the id and slug before anything is written.
fn validate(spec: &Spec) -> Result<()> {
    // As the judge's address writes it: `099988` would make a second crate for 99988.
    let id_ok = spec.id.bytes().all(|b| b.is_ascii_digit())
        && !spec.id.starts_with('0')
        && !spec.id.is_empty();
    if !id_ok {
        bail!(
            "the problem id must be a number from 1 up with no leading zero, as in the problem's address, found `{}`",
            spec.id
        );
    }
    let slug_ok = !spec.slug.is_empty()
        && !spec.slug.starts_with('-')
        && !spec.slug.ends_with('-')
        && !spec.slug.contains("--")
        && spec
            .slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !slug_ok {
        bail!(
            "the slug must be lowercase words joined by `-` (e.g. `snake`, `new-game-2`), found `{}`",
            spec.slug
        );
    }
    // Folder, binary and bundle file are named after it (`<name>-tools`, `<name>.rs`).
    let name = spec.name();
    if name.len() > MAX_NAME {
        bail!(
            "the crate name `{name}` would be {} characters long; at most {MAX_NAME} (crates.io's \
             limit, and its files are named after it): shorten the slug",
            name.len()
        );
    }
    debug_assert!(looks_like_problem(&name));
    for (input, output) in &spec.samples {
        for file in [input, output] {
            if file.is_dir() {
                bail!("sample file {} is a folder, not a file", file.display());
            }
            // Not only a regular file: `--sample <(gen) expected.out` hands over a pipe.
            if !file.exists() {
                bail!("sample file {} does not exist", file.display());
            }
        }
    }
    Ok(())
}

/// Creates `crates/<name>/` and `samples/<name>/` under `root`; refuses a name (or problem id
/// of the same site) that exists.
pub fn create(root: &Path, spec: &Spec) -> Result<Created> {
    validate(spec)?;
    let name = spec.name();
    let crate_dir = root.join("crates").join(&name);
    let samples_dir = root.join("samples").join(&name);
    refuse_existing(root, spec, &[&crate_dir, &samples_dir])?;
    let owned = template_values(spec, &name);
    let values: Vec<(&str, &str)> = owned.iter().map(|(k, v)| (*k, v.as_str())).collect();
    // Everything read first: a sample that cannot be read leaves nothing behind.
    let samples = read_samples(spec)?;
    let written = write_crate(spec, &crate_dir, &values)
        .and_then(|()| write_samples(&samples, &samples_dir, &values));
    if let Err(e) = written {
        // Half a crate would stop cargo (and every script) until removed by hand.
        let _ = std::fs::remove_dir_all(&crate_dir);
        let _ = std::fs::remove_dir_all(&samples_dir);
        return Err(e);
    }
    Ok(Created {
        crate_dir,
        samples_dir,
        samples: samples.len(),
    })
}

/// Refuses a problem whose folders (`dirs`) exist, or whose site and id already have a crate
/// under `root`.
fn refuse_existing(root: &Path, spec: &Spec, dirs: &[&PathBuf]) -> Result<()> {
    for dir in dirs {
        if dir.exists() {
            bail!(
                "{} already exists; pick another slug or remove it",
                dir.display()
            );
        }
    }
    let same_id = format!("{}-{}-", spec.site.prefix(), spec.id);
    if let Ok(entries) = std::fs::read_dir(root.join("crates")) {
        for entry in entries.flatten() {
            let existing = entry.file_name().to_string_lossy().into_owned();
            if existing.starts_with(&same_id) {
                bail!(
                    "{} {} already has a crate: crates/{existing}",
                    spec.site,
                    spec.id
                );
            }
        }
    }
    Ok(())
}

/// Whether the problem page says a special judge decides.
fn special_judge(spec: &Spec) -> bool {
    spec.page.as_ref().is_some_and(|page| page.special_judge)
}

/// What the templates' `{key}`s are filled with for the problem `name` of `spec`.
fn template_values(spec: &Spec, name: &str) -> Vec<(&'static str, String)> {
    let page = spec.page.as_ref();
    let time = spec
        .time_limit_ms
        .or(page.and_then(|p| p.time_limit_ms))
        .unwrap_or_else(|| spec.site.default_time_limit_ms())
        .to_string();
    let memory = spec
        .memory_limit_mb
        .or(page.and_then(|p| p.memory_limit_mb))
        .unwrap_or_else(|| spec.site.default_memory_limit_mb())
        .to_string();
    let site_title = match spec.site {
        Site::Baekjoon => "Baekjoon",
        Site::Programmers => "Programmers",
    };
    let title = spec
        .page
        .as_ref()
        .map_or_else(|| title(&spec.slug), |page| page.title.clone());
    let description = toml::Value::String(format!(
        "{site_title} {} {title}: TODO one line on what it answers.",
        spec.id
    ))
    .to_string();
    let mut judge_extra = String::new();
    if let Some(page) = &spec.page {
        judge_extra.push_str(&format!(
            "url = {}\n",
            toml::Value::String(page.url.clone())
        ));
    }
    if special_judge(spec) {
        judge_extra.push_str(
            "# The page says a special judge decides: outputs are not compared as text.\n",
        );
        judge_extra.push_str(&format!("compare = \"{}\"\n", Compare::Special.name()));
    }
    vec![
        ("name", name.to_string()),
        ("ident", name.replace('-', "_")),
        ("site", spec.site.to_string()),
        ("site_title", site_title.to_string()),
        ("id", spec.id.clone()),
        ("title_doc", markdown_text(&title)),
        ("title", title),
        ("description", description),
        ("judge_extra", judge_extra),
        ("time_limit_ms", time),
        ("memory_limit_mb", memory),
    ]
}

/// `text` as plain text in Markdown (a doc comment): the characters that would make a link,
/// an HTML tag, emphasis or code escaped (`[1차] 프렌즈4블록` is no link to check).
///
/// ```
/// use judge_cli::scaffold::markdown_text;
/// assert_eq!(markdown_text("[1차] a_b <c>"), r"\[1차\] a\_b \<c\>");
/// ```
pub fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\`*_[]<>|#".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Writes the crate's files into `crate_dir`, its templates filled with `values`.
fn write_crate(spec: &Spec, crate_dir: &Path, values: &[(&str, &str)]) -> Result<()> {
    let (lib, rules) = match spec.site {
        Site::Baekjoon => (
            include_str!("templates/boj_lib.rs.tmpl"),
            include_str!("templates/boj_rules.rs.tmpl"),
        ),
        Site::Programmers => (
            include_str!("templates/programmers_lib.rs.tmpl"),
            include_str!("templates/programmers_rules.rs.tmpl"),
        ),
    };
    let files = [
        ("Cargo.toml", include_str!("templates/Cargo.toml.tmpl")),
        ("src/lib.rs", lib),
        ("src/main.rs", include_str!("templates/main.rs.tmpl")),
        (
            "tests/problem/main.rs",
            include_str!("templates/tests_main.rs.tmpl"),
        ),
        (
            "tests/problem/samples.rs",
            if special_judge(spec) {
                include_str!("templates/samples_special_test.rs.tmpl")
            } else {
                include_str!("templates/samples_test.rs.tmpl")
            },
        ),
        ("tests/problem/rules.rs", rules),
    ];
    let mut sources = Vec::new();
    for (path, template) in files {
        let path = crate_dir.join(path);
        write(&path, &fill(template, values))?;
        if path.extension().is_some_and(|e| e == "rs") {
            sources.push(path);
        }
    }
    format_sources(&sources)
}

/// Formats the crate's new sources as `cargo fmt` would (line breaks depend on the names filled
/// in), when rustfmt is installed; a new crate passes `cargo fmt --check` as it is.
fn format_sources(sources: &[PathBuf]) -> Result<()> {
    let Ok(out) = Command::new("rustfmt")
        .args(["--edition", "2021"])
        .args(sources)
        .output()
    else {
        return Ok(());
    };
    if !out.status.success() {
        bail!(
            "rustfmt could not format the new sources (a template bug):\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(())
}

/// The samples: the files given, then the page's. Reading them is where a bad file fails, so it
/// comes before anything is written.
fn read_samples(spec: &Spec) -> Result<Vec<PageSample>> {
    let mut samples = Vec::new();
    for (input, output) in &spec.samples {
        let read = |from: &PathBuf| {
            std::fs::read_to_string(from).with_context(|| format!("reading {}", from.display()))
        };
        samples.push(PageSample {
            input: read(input)?,
            output: read(output)?,
        });
    }
    let page = spec.page.as_ref();
    samples.extend(page.map_or(&[][..], |p| &p.samples[..]).iter().cloned());
    Ok(samples)
}

/// Writes `samples` into `samples_dir` as `1.in`/`1.out`, ..., or a placeholder when there are
/// none.
fn write_samples(
    samples: &[PageSample],
    samples_dir: &Path,
    values: &[(&str, &str)],
) -> Result<()> {
    std::fs::create_dir_all(samples_dir)?;
    if samples.is_empty() {
        write(
            &samples_dir.join("PLACEHOLDER.md"),
            &fill(include_str!("templates/PLACEHOLDER.md.tmpl"), values),
        )?;
    }
    for (i, sample) in samples.iter().enumerate() {
        let (input, output) = (as_judge_text(&sample.input), as_judge_text(&sample.output));
        sample_check::write_case(samples_dir, &(i + 1).to_string(), &input, &output)
            .map_err(anyhow::Error::msg)?;
    }
    Ok(())
}

fn write(path: &Path, text: &str) -> Result<()> {
    std::fs::create_dir_all(path.parent().expect("a file has a folder"))?;
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

/// Records the new member in `Cargo.lock` without updating anything else (cargo resolves the
/// workspace and writes only what changed).
pub fn update_lockfile(root: &Path) -> Result<()> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(root)
        .args(["metadata", "--format-version", "1"])
        .stdout(std::process::Stdio::null())
        .status()
        .context("running cargo metadata")?;
    if !status.success() {
        bail!("cargo could not read the workspace with the new crate in it");
    }
    Ok(())
}
