//! Downloading a problem page: one GET with a timeout and a user agent naming this project;
//! every way it can fail (offline, a proxy, 403, 404, a bot check) said in one line.

use std::time::Duration;

use anyhow::{bail, Result};

/// How long a download may take in all.
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// The user agent sent: this project and the tool.
pub const USER_AGENT: &str = concat!(
    "grid-judge-judge-cli/",
    env!("CARGO_PKG_VERSION"),
    " (scripts/new --fetch; one page per command)"
);

/// The variable that replaces Baekjoon's address (`https://www.acmicpc.net`), for tests.
pub const BOJ_BASE_VAR: &str = "JUDGE_KIT_BOJ_BASE";

/// What a download to pass on to [`super::read`] gave.
#[derive(Clone, Debug)]
pub struct Fetched {
    /// The page's bytes.
    pub bytes: Vec<u8>,
    /// The charset of the answer's `Content-Type`, when it names one.
    pub charset: Option<String>,
}

/// The address of Baekjoon problem `id` (under `$JUDGE_KIT_BOJ_BASE` when set).
pub fn baekjoon_url(id: &str) -> String {
    let base =
        std::env::var(BOJ_BASE_VAR).unwrap_or_else(|_| "https://www.acmicpc.net".to_string());
    format!("{}/problem/{id}", base.trim_end_matches('/'))
}

/// What to do instead, said after every failed download.
const INSTEAD: &str = "save the page in a browser and use --from-page FILE";

/// Downloads `url`. A bot-check page is returned as a page (whatever its status), so that
/// reading it says what it is; any other answer than 200 is an error.
pub fn fetch(url: &str) -> Result<Fetched> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(TIMEOUT))
        .user_agent(USER_AGENT)
        .http_status_as_error(false)
        .build()
        .into();
    let mut response = match agent.get(url).call() {
        Ok(response) => response,
        Err(e) => bail!("cannot download {url}: {}; {INSTEAD}", failure(&e)),
    };
    let status = response.status().as_u16();
    let charset = response.body().charset().map(str::to_string);
    let bytes = response
        .body_mut()
        .read_to_vec()
        .map_err(|e| anyhow::anyhow!("reading {url}: {}; {INSTEAD}", failure(&e)))?;
    if status == 200 || super::is_challenge_text(&String::from_utf8_lossy(&bytes)) {
        return Ok(Fetched { bytes, charset });
    }
    match status {
        404 => bail!("{url} answered 404 Not Found: no such problem (check the id, or --url)"),
        403 => bail!("{url} answered 403 Forbidden: the site refused the download; {INSTEAD}"),
        _ => bail!("{url} answered HTTP {status}; {INSTEAD}"),
    }
}

/// A download error in a few words, naming the proxy when one is set.
fn failure(error: &ureq::Error) -> String {
    let proxy = [
        "HTTPS_PROXY",
        "https_proxy",
        "ALL_PROXY",
        "all_proxy",
        "HTTP_PROXY",
        "http_proxy",
    ]
    .into_iter()
    .find_map(|var| std::env::var(var).ok().filter(|v| !v.is_empty()));
    let through = proxy
        .as_deref()
        .map_or_else(String::new, |p| format!(" (through the proxy {p})"));
    match error {
        ureq::Error::HostNotFound => format!("the host name was not found{through} (offline?)"),
        ureq::Error::ConnectionFailed => format!("no connection{through} (offline?)"),
        ureq::Error::Io(e) => format!("{e}{through} (offline?)"),
        ureq::Error::Timeout(_) => format!("no answer within {} s{through}", TIMEOUT.as_secs()),
        ureq::Error::ConnectProxyFailed(why) => format!("the proxy failed: {why}{through}"),
        other => format!("{other}{through}"),
    }
}
