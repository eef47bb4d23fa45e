#!/usr/bin/env python3
"""Checks the links of the built manual and of README.md, with python3's standard library only.

    python3 .ci/book_links.py [BOOK_DIR]        # default: docs/book (built by `mdbook build docs`)

- Every relative `href` and `src` in the book's HTML pages resolves to a file of the book, and
  every `#fragment` to an element id in the target page (same page when the path is empty).
- Every relative link and image of README.md resolves to a file of the repository; a link into
  the manual's sources (`docs/src/PAGE.md#fragment`) also needs the fragment among the ids of the
  built page (`BOOK_DIR/PAGE.html`).

Links with a scheme (https:, mailto:, data:, ...) are not followed. Prints each broken link with
the page it is on and exits 1 when there is any; prints a one-line summary and exits 0 otherwise.
"""

import html.parser
import os
import re
import sys
import urllib.parse

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))


class Page(html.parser.HTMLParser):
    """The ids, the links (href/src with their line) and the <base href> of one HTML page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.links = []
        self.base = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if a.get(key):
                self.ids.add(a[key])
        if tag == "base" and a.get("href") is not None:
            self.base = a["href"]
        for key in ("href", "src"):
            if a.get(key) is not None and tag != "base":
                self.links.append((a[key], self.getpos()[0]))


def parse(path, cache={}):
    if path not in cache:
        p = Page()
        with open(path, encoding="utf-8") as f:
            p.feed(f.read())
        cache[path] = p
    return cache[path]


def external(url):
    return bool(urllib.parse.urlsplit(url).scheme) or url.startswith("//")


def check_target(target, fragment, where, problems, book):
    """`target`: a file path; `fragment`: '' or an id that must be in it (an HTML page)."""
    if os.path.isdir(target):
        target = os.path.join(target, "index.html")
    if not os.path.isfile(target):
        problems.append(f"{where}: no such file {os.path.relpath(target, ROOT)}")
        return
    if fragment and target.endswith(".html"):
        if fragment not in parse(target).ids:
            problems.append(
                f"{where}: no id \"{fragment}\" in {os.path.relpath(target, ROOT)}"
            )


def check_book(book, problems):
    pages = 0
    links = 0
    for folder, _, files in os.walk(book):
        for name in sorted(files):
            if not name.endswith(".html"):
                continue
            path = os.path.join(folder, name)
            page = parse(path)
            pages += 1
            # mdBook's 404 page sets <base href="/"> (the site's root): its links are the book's.
            base_dir = book if page.base == "/" else folder
            for url, line in page.links:
                if external(url) or url in ("", "#"):
                    continue
                links += 1
                parts = urllib.parse.urlsplit(url)
                target_path = urllib.parse.unquote(parts.path)
                fragment = urllib.parse.unquote(parts.fragment)
                where = f"{os.path.relpath(path, ROOT)}:{line}: {url}"
                if not target_path:
                    if fragment and fragment not in page.ids:
                        problems.append(f"{where}: no id \"{fragment}\" in this page")
                    continue
                if target_path.startswith("/"):
                    target = os.path.join(book, target_path.lstrip("/"))
                else:
                    target = os.path.normpath(os.path.join(base_dir, target_path))
                if not os.path.realpath(target).startswith(os.path.realpath(book) + os.sep):
                    problems.append(f"{where}: points outside the book")
                    continue
                check_target(target, fragment, where, problems, book)
    return pages, links


# [text](target) and ![alt](target), the target up to a space or the closing parenthesis;
# <img src="..."> and <a href="...">.
MD_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"""<(?:img|a)\b[^>]*?\b(?:src|href)\s*=\s*["']([^"']+)["']""")


def check_readme(book, problems):
    readme = os.path.join(ROOT, "README.md")
    links = 0
    in_code = False
    with open(readme, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.lstrip().startswith("```"):
                in_code = not in_code
                continue
            if in_code:
                continue
            text = re.sub(r"`[^`]*`", "", line)
            for url in MD_LINK.findall(text) + HTML_LINK.findall(text):
                if external(url):
                    continue
                links += 1
                parts = urllib.parse.urlsplit(url)
                path = urllib.parse.unquote(parts.path)
                fragment = urllib.parse.unquote(parts.fragment)
                where = f"README.md:{n}: {url}"
                if not path:
                    problems.append(f"{where}: a fragment alone (README headings are not checked)")
                    continue
                target = os.path.normpath(os.path.join(ROOT, path))
                if not os.path.exists(target):
                    problems.append(f"{where}: no such file {os.path.relpath(target, ROOT)}")
                    continue
                src = os.path.join(ROOT, "docs", "src")
                if target.startswith(src + os.sep) and target.endswith(".md"):
                    page = os.path.join(book, os.path.relpath(target, src)[: -len(".md")] + ".html")
                    if os.path.basename(target) == "README.md":
                        page = os.path.join(os.path.dirname(page), "index.html")
                    check_target(page, fragment, where, problems, book)
                elif fragment:
                    problems.append(f"{where}: a fragment on a file that is not a page of the manual")
    return links


def main():
    book = os.path.realpath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "book"))
    if not os.path.isfile(os.path.join(book, "index.html")):
        print(f"error: {book} has no index.html (build the manual first: mdbook build docs)", file=sys.stderr)
        return 2
    problems = []
    pages, links = check_book(book, problems)
    readme_links = check_readme(book, problems)
    problems = list(dict.fromkeys(problems))  # an <img> inside a link is reported once
    for p in problems:
        print(f"broken link: {p}")
    if problems:
        print(f"{len(problems)} broken links")
        return 1
    print(f"links ok: {links} in {pages} pages of the manual, {readme_links} in README.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
