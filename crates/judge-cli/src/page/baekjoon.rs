//! A Baekjoon problem page: `<span id="problem_title">`, the limits table `#problem-info`,
//! `<pre id="sample-input-N">` / `<pre id="sample-output-N">`, and the special-judge label.

use std::collections::BTreeMap;

use anyhow::{anyhow, bail, Result};
use scraper::Html;

use super::html::{exact_text, first, line_text, selector};
use super::{id_after, own_url, title_of, Page, PageSample};
use crate::problems::Site;

/// Reads a parsed Baekjoon problem page.
pub fn parse(document: &Html) -> Result<Page> {
    let title = first(document, "#problem_title")
        .map(line_text)
        .ok_or_else(|| anyhow!("not a Baekjoon problem page: no <span id=\"problem_title\">"))?;
    let url = own_url(document);
    let problem = url
        .as_deref()
        .and_then(|url| id_after(url, "/problem/"))
        .or_else(|| id_from_title(&title_of(document)))
        .ok_or_else(|| {
            anyhow!(
                "no problem id on the page (no <link rel=\"canonical\">, og:url or `N번:` title)"
            )
        })?;
    let (time_limit_ms, memory_limit_mb) = limits(document)?;
    Ok(Page {
        site: Site::Baekjoon,
        url: Site::Baekjoon.url(&problem),
        problem,
        title,
        time_limit_ms: Some(time_limit_ms),
        memory_limit_mb: Some(memory_limit_mb),
        special_judge: special_judge(document),
        samples: samples(document)?,
    })
}

/// `1000` from the page title `1000번: A+B`.
fn id_from_title(title: &str) -> Option<String> {
    let digits: String = title.chars().take_while(char::is_ascii_digit).collect();
    (!digits.is_empty() && title[digits.len()..].starts_with('번')).then_some(digits)
}

/// The time limit (ms) and memory limit (MiB) of the table `#problem-info`: headers in `<th>`,
/// values in the first row of `<td>`s.
fn limits(document: &Html) -> Result<(u64, u64)> {
    let table = first(document, "#problem-info")
        .ok_or_else(|| anyhow!("no limits table (<table id=\"problem-info\">) on the page"))?;
    let headers: Vec<String> = table.select(&selector("th")).map(line_text).collect();
    let row: Vec<String> = table
        .select(&selector("tr"))
        .map(|tr| {
            tr.select(&selector("td"))
                .map(line_text)
                .collect::<Vec<_>>()
        })
        .find(|cells| !cells.is_empty())
        .ok_or_else(|| anyhow!("the limits table has no row of values"))?;
    let cell = |names: &[&str]| {
        let at = headers
            .iter()
            .position(|h| names.iter().any(|n| h.eq_ignore_ascii_case(n)))
            .ok_or_else(|| anyhow!("the limits table has no `{}` column", names[0]))?;
        row.get(at)
            .cloned()
            .ok_or_else(|| anyhow!("the limits table has no `{}` value", names[0]))
    };
    let time = cell(&["시간 제한", "Time Limit"])?;
    let memory = cell(&["메모리 제한", "Memory Limit"])?;
    let time_ms = time_limit_ms(&time)
        .ok_or_else(|| anyhow!("time limit `{time}` is not like `1 초` or `0.5 초`"))?;
    let memory_mb = memory_limit_mb(&memory)
        .ok_or_else(|| anyhow!("memory limit `{memory}` is not like `512 MB`"))?;
    Ok((time_ms, memory_mb))
}

/// The leading number of `text` and what follows it.
fn number_and_unit(text: &str) -> Option<(f64, &str)> {
    let text = text.trim();
    let end = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let value: f64 = text[..end].parse().ok()?;
    (value > 0.0).then(|| (value, text[end..].trim_start()))
}

/// `1 초`, `0.5 초`, `2 초 (추가 시간 없음)`, `1 seconds` as milliseconds.
fn time_limit_ms(text: &str) -> Option<u64> {
    let (value, unit) = number_and_unit(text)?;
    let scale = if unit.starts_with("ms") || unit.starts_with("밀리") {
        1.0
    } else if unit.starts_with('초') || unit.starts_with("sec") || unit.starts_with('s') {
        1000.0
    } else {
        return None;
    };
    // A limit under half a millisecond is still a limit: never 0, which would time out every run.
    Some(((value * scale).round() as u64).max(1))
}

/// `512 MB`, `128 MB (하단 참고)`, `1 GB` as MiB.
fn memory_limit_mb(text: &str) -> Option<u64> {
    let (value, unit) = number_and_unit(text)?;
    let unit = unit.to_ascii_uppercase();
    let mb = if unit.starts_with("MB") || unit.starts_with("MIB") {
        value
    } else if unit.starts_with("GB") || unit.starts_with("GIB") {
        value * 1024.0
    } else if unit.starts_with("KB") || unit.starts_with("KIB") {
        value / 1024.0
    } else {
        return None;
    };
    Some((mb.ceil() as u64).max(1))
}

/// Whether the page carries the special-judge label (`스페셜 저지`).
fn special_judge(document: &Html) -> bool {
    first(document, ".problem-label-spj").is_some()
        || document.select(&selector(".problem-label")).any(|label| {
            let text = line_text(label);
            text.contains("스페셜 저지") || text.eq_ignore_ascii_case("special judge")
        })
}

/// The samples `<pre id="sample-input-N">` with `<pre id="sample-output-N">`, by N.
fn samples(document: &Html) -> Result<Vec<PageSample>> {
    let numbered = |prefix: &str| -> BTreeMap<u32, String> {
        document
            .select(&selector(&format!("pre[id^='{prefix}']")))
            .filter_map(|pre| {
                let n = pre.value().id()?.strip_prefix(prefix)?.parse().ok()?;
                Some((n, exact_text(pre)))
            })
            .collect()
    };
    let mut inputs = numbered("sample-input-");
    let mut outputs = numbered("sample-output-");
    let mut samples = Vec::new();
    let numbers: Vec<u32> = inputs.keys().chain(outputs.keys()).copied().collect();
    for n in numbers
        .into_iter()
        .collect::<std::collections::BTreeSet<_>>()
    {
        match (inputs.remove(&n), outputs.remove(&n)) {
            (Some(input), Some(output)) => samples.push(PageSample { input, output }),
            (Some(_), None) => bail!("sample {n} has an input but no output (sample-output-{n})"),
            (None, _) => bail!("sample {n} has an output but no input (sample-input-{n})"),
        }
    }
    Ok(samples)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_as_the_page_writes_them() {
        assert_eq!(time_limit_ms("1 초 "), Some(1000));
        assert_eq!(time_limit_ms("0.5 초 (추가 시간 없음)"), Some(500));
        assert_eq!(time_limit_ms("0.0001 초"), Some(1));
        assert_eq!(time_limit_ms("2 초 (하단 참고)"), Some(2000));
        assert_eq!(time_limit_ms("1 seconds"), Some(1000));
        assert_eq!(time_limit_ms("빠름"), None);
        assert_eq!(memory_limit_mb("512 MB"), Some(512));
        assert_eq!(memory_limit_mb("128 MB (하단 참고)"), Some(128));
        assert_eq!(memory_limit_mb("1 GB"), Some(1024));
        assert_eq!(memory_limit_mb("MB"), None);
        assert_eq!(id_from_title("1000번: A+B"), Some("1000".into()));
        assert_eq!(id_from_title("A+B"), None);
    }
}
