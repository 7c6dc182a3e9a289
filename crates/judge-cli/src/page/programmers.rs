//! A Programmers lesson page: its title, lesson id and address, and the examples table
//! ("입출력 예": one column per parameter, then `result`), each row one sample in the literal
//! form our Programmers crates read (one parameter per line, the result as the output).

use anyhow::{anyhow, bail, Result};
use scraper::{ElementRef, Html};

use super::html::{attribute, exact_text, first, selector};
use super::{id_after, own_url, title_of, Page, PageSample};
use crate::problems::Site;

/// The headers that name the answer column of an examples table.
const RESULT_HEADERS: [&str; 2] = ["result", "return"];

/// Reads a parsed Programmers lesson page.
pub fn parse(document: &Html) -> Result<Page> {
    let url = own_url(document).filter(|url| url.contains("/lessons/"));
    let problem = url
        .as_deref()
        .and_then(|url| id_after(url, "/lessons/"))
        .or_else(|| attribute(document, "[data-lesson-id]", "data-lesson-id"))
        .filter(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| {
            anyhow!("not a Programmers lesson page: no lesson address (<link rel=\"canonical\"> or og:url with /lessons/<id>)")
        })?;
    let title = lesson_title(document).ok_or_else(|| anyhow!("the lesson page has no title"))?;
    Ok(Page {
        site: Site::Programmers,
        url: url.unwrap_or_else(|| Site::Programmers.url(&problem)),
        problem,
        title,
        time_limit_ms: None,
        memory_limit_mb: None,
        special_judge: false,
        samples: samples(document)?,
    })
}

/// The lesson's title: `data-lesson-title`, the challenge title, else the page title without
/// the site's words around it.
fn lesson_title(document: &Html) -> Option<String> {
    let plain = |text: String| {
        let text = text.trim();
        let text = text.split(" | ").next().unwrap_or(text);
        let text = text.strip_prefix("코딩테스트 연습 - ").unwrap_or(text);
        Some(text.trim().to_string()).filter(|t| !t.is_empty())
    };
    attribute(document, "[data-lesson-title]", "data-lesson-title")
        .and_then(plain)
        .or_else(|| first(document, ".challenge-title").and_then(|e| plain(exact_text(e))))
        .or_else(|| attribute(document, "meta[property='og:title']", "content").and_then(plain))
        .or_else(|| plain(title_of(document)))
}

/// A table cell's literal on one line: each line of it trimmed, joined by a space.
fn cell_text(cell: ElementRef<'_>) -> String {
    exact_text(cell)
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Each row of the first table whose last header is `result` (or `return`): parameters in
/// order, one per line, as the input; the result as the output.
fn samples(document: &Html) -> Result<Vec<PageSample>> {
    for table in document.select(&selector("table")) {
        let rows: Vec<Vec<String>> = table
            .select(&selector("tr"))
            .map(|tr| tr.select(&selector("th, td")).map(cell_text).collect())
            .filter(|cells: &Vec<String>| !cells.is_empty())
            .collect();
        let Some((header, rows)) = rows.split_first() else {
            continue;
        };
        let is_examples = header.len() >= 2
            && header
                .last()
                .is_some_and(|h| RESULT_HEADERS.contains(&h.to_lowercase().as_str()));
        if !is_examples {
            continue;
        }
        let mut samples = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            if row.len() != header.len() {
                bail!(
                    "row {} of the examples table has {} cells, its header {} ({})",
                    i + 1,
                    row.len(),
                    header.len(),
                    header.join(", ")
                );
            }
            let (result, parameters) = row.split_last().expect("rows have 2 cells or more");
            samples.push(PageSample {
                input: parameters.iter().map(|p| format!("{p}\n")).collect(),
                output: format!("{result}\n"),
            });
        }
        return Ok(samples);
    }
    Ok(Vec::new())
}
