"""The live sheet in a real browser: headless Chromium (Debian's ``chromium`` package, driven
by Playwright against /usr/bin/chromium) opens the page of a real ``yams serve``, sees a total
change after a ``yams mark`` without reloading, and reports no console error and no CSP
violation. ``.ci/run`` installs chromium; in CI (``CI=true``) a missing browser is a failure,
elsewhere a skip."""

from __future__ import annotations

from helpers import ok
from serving import Served


def _watched(page) -> list[str]:
    """Every console error, page error and CSP violation of ``page``, as they come."""
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}")
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.add_init_script("document.addEventListener('securitypolicyviolation', e => "
                         "console.error('CSP violation: ' + e.violatedDirective));")
    return problems


def test_a_mark_changes_the_total_on_the_open_page_without_a_reload(tmp_path, browser):
    db = str(tmp_path / "db")
    ok(db, "new", "-R", "classic", "-p", "Alice", "-p", "<script>alert(1)</script>")
    with Served(db) as served:
        page = browser.new_page()
        problems = _watched(page)
        page.on("dialog", lambda d: problems.append(f"a dialog opened: {d.message}"))
        page.goto(served.url)
        page.wait_for_selector("#status:text('live')", timeout=10_000)
        assert page.text_content("#total-0") == "0"
        page.evaluate("window.notReloaded = true")
        ok(db, "enter", "55533", "--roll", "1")
        page.wait_for_selector("#legal", timeout=5_000)
        assert "Full 5-5-5 / 3-3" in page.text_content("#legal")
        ok(db, "mark", "libre.full")
        page.wait_for_selector("#total-0:text-is('46')", timeout=5_000)
        assert page.evaluate("window.notReloaded") is True
        assert page.text_content("#p0-libre-full") == "46"
        assert "<script>alert(1)</script>" in page.text_content("#live")   # shown as text
        tv = browser.new_page()
        problems += _watched(tv)
        tv.goto(served.url + "?view=tv&lang=fr")
        tv.wait_for_selector("#status:text('en direct')", timeout=10_000)
        assert tv.evaluate("getComputedStyle(document.body).fontSize") == "28px"
        assert tv.text_content("#total-0") == "46"
    assert problems == []


def test_the_page_works_with_javascript_off(tmp_path, browser):
    db = str(tmp_path / "db")
    ok(db, "new", "-R", "classic", "-p", "Alice", "-p", "Bob")
    with Served(db) as served:
        context = browser.new_context(java_script_enabled=False)
        page = context.new_page()
        problems = _watched(page)
        page.goto(served.url)
        assert page.text_content("#total-0") == "0"
        ok(db, "enter", "55533", "--roll", "1")
        ok(db, "mark", "libre.full")
        # no script: the <noscript> meta refresh reloads the page every 5 seconds
        page.wait_for_selector("#total-0:text-is('46')", timeout=15_000)
        context.close()
    assert problems == []
