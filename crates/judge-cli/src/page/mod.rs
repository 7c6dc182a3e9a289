//! A problem page, saved by a browser or fetched: its title, limits, samples, special-judge
//! mark and address, read from the site's own structure (Baekjoon, Programmers).

pub mod baekjoon;
pub mod decode;
pub mod fetch;
pub mod html;
pub mod merge;
pub mod programmers;

use anyhow::{bail, Result};
use scraper::Html;

use super::problems::Site;

/// One official sample as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageSample {
    /// The input, exactly (trailing spaces and blank lines kept).
    pub input: String,
    /// The expected output, exactly (may be empty).
    pub output: String,
}

/// What a problem page says about the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// The judge.
    pub site: Site,
    /// The judge's problem id, as the page's address writes it.
    pub problem: String,
    /// The problem's title as shown.
    pub title: String,
    /// The problem's address.
    pub url: String,
    /// Time limit, when the page states one.
    pub time_limit_ms: Option<u64>,
    /// Memory limit in MiB, when the page states one.
    pub memory_limit_mb: Option<u64>,
    /// Whether the page says a special judge decides (any right answer, not one text).
    pub special_judge: bool,
    /// The official samples, in the page's order.
    pub samples: Vec<PageSample>,
}

/// Reads the page of `site` problem `id` from its bytes (`header_charset`: the charset of
/// the HTTP answer, when fetched); refuses an empty page, a challenge or login page, a page
/// of another kind, and a page of another problem, each with one line saying what was expected.
pub fn read(site: Site, id: &str, bytes: &[u8], header_charset: Option<&str>) -> Result<Page> {
    let text = decode::decode(bytes, header_charset);
    let wanted = format!(
        "the page of {} problem {id} ({})",
        site_name(site),
        site.url(id)
    );
    if text.trim().is_empty() {
        bail!("the page is empty; expected {wanted}");
    }
    let document = Html::parse_document(&text);
    if is_challenge_text(&text) {
        bail!(
            "this is a bot-check (\"Just a moment...\") page, not the problem; expected {wanted}: \
             open it in a browser, save the page and use --from-page FILE"
        );
    }
    let page = match site {
        Site::Baekjoon => baekjoon::parse(&document),
        Site::Programmers => programmers::parse(&document),
    };
    let page = match page {
        Ok(page) => page,
        Err(_) if is_login(&document) => {
            bail!("this is a login page, not the problem; expected {wanted}")
        }
        Err(e) => bail!("{e}; expected {wanted}"),
    };
    if page.problem != id {
        bail!(
            "this is the page of {} problem {}, not {id}; expected {wanted}",
            site_name(site),
            page.problem
        );
    }
    Ok(page)
}

/// The site as people name it.
pub fn site_name(site: Site) -> &'static str {
    match site {
        Site::Baekjoon => "Baekjoon",
        Site::Programmers => "Programmers",
    }
}

/// The text of the page's `<title>`.
fn title_of(document: &Html) -> String {
    html::first(document, "title").map_or_else(String::new, html::line_text)
}

/// Whether a page is a bot check (Cloudflare's "Just a moment...") instead of the problem.
pub fn is_challenge_text(text: &str) -> bool {
    // Not `/cdn-cgi/challenge-platform/`: Cloudflare puts that script in real pages too.
    let text = text.to_lowercase();
    text.contains("<title>just a moment")
        || text.contains("attention required! | cloudflare")
        || text.contains("id=\"challenge-form\"")
}

/// Whether the page asks to sign in.
fn is_login(document: &Html) -> bool {
    let title = title_of(document).to_lowercase();
    title.contains("로그인")
        || title.contains("login")
        || title.contains("sign in")
        || html::first(document, "input[type=password]").is_some()
}

/// The digits following `marker` in `url` (`/problem/` in `.../problem/1000?x`).
fn id_after(url: &str, marker: &str) -> Option<String> {
    let at = url.find(marker)? + marker.len();
    let digits: String = url[at..].chars().take_while(char::is_ascii_digit).collect();
    (!digits.is_empty()).then_some(digits)
}

/// The page's own address: `<link rel="canonical">`, else `og:url`.
fn own_url(document: &Html) -> Option<String> {
    html::attribute(document, "link[rel=canonical]", "href")
        .or_else(|| html::attribute(document, "meta[property='og:url']", "content"))
        .map(|url| url.trim().to_string())
}

/// Where a page comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A page saved by a browser.
    File(std::path::PathBuf),
    /// A page to download from this address.
    Fetch(String),
}

impl Source {
    /// The page to download for `site` problem `id`: Baekjoon's problem address (under
    /// `$JUDGE_KIT_BOJ_BASE` when set), else `url`, else the site's usual address.
    pub fn fetch(site: Site, id: &str, url: Option<&str>) -> Source {
        Source::Fetch(match (site, url) {
            (_, Some(url)) => url.to_string(),
            (Site::Baekjoon, None) => fetch::baekjoon_url(id),
            (Site::Programmers, None) => site.url(id),
        })
    }
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::File(path) => write!(f, "{}", path.display()),
            Source::Fetch(url) => f.write_str(url),
        }
    }
}

/// Reads (or downloads) the page of `site` problem `id` from `source`; every failure is one
/// line naming the source.
pub fn load(site: Site, id: &str, source: &Source) -> Result<Page> {
    let (bytes, charset) = match source {
        Source::File(path) => {
            if path.is_dir() {
                bail!("{}: a folder, not a saved page", path.display());
            }
            let bytes = std::fs::read(path)
                .map_err(|e| anyhow::anyhow!("cannot read the page {}: {e}", path.display()))?;
            (bytes, None)
        }
        Source::Fetch(url) => {
            let fetched = fetch::fetch(url)?;
            (fetched.bytes, fetched.charset)
        }
    };
    read(site, id, &bytes, charset.as_deref()).map_err(|e| anyhow::anyhow!("{source}: {e}"))
}

/// The page in a few words: title, samples, limits, special judge.
pub fn summary(page: &Page) -> String {
    let mut parts = vec![format!("{} sample(s)", page.samples.len())];
    if let Some(ms) = page.time_limit_ms {
        parts.push(format!("time limit {ms} ms"));
    }
    if let Some(mb) = page.memory_limit_mb {
        parts.push(format!("memory limit {mb} MiB"));
    }
    if page.special_judge {
        parts.push("special judge".to_string());
    }
    format!("\"{}\": {}", page.title, parts.join(", "))
}

#[cfg(test)]
mod tests;
