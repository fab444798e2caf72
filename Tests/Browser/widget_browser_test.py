#!/usr/bin/env python3
"""The picker as a room widget in a real browser (issue 35): this script plays Element's side of
the Matrix widget API. It serves, on a loopback port of its own (another origin than the
gallery's, as Element is), a page that frames the widget's address as the room's state gives it
(template variables filled in, widgetId and parentUrl added, as Element does), asks the widget
for its capabilities and answers its get_openid request with a real OpenID token that Synapse
issued to the person; then it searches in the framed picker and posts. A second page, on an
origin that is not among web.widget_origins, must not be able to frame it. Launched by
Tests/gifbotTests/PickerWidgetBrowserTests.swift; exits non-zero naming the failed check."""

import http.server
import json
import os
import sys
import threading
import urllib.parse

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(__file__))
from gallery_browser_test import OUTPUT, browser, check, no_console_errors  # noqa: E402

WIDGET_URL = os.environ["WIDGET_URL"]
ROOM = os.environ["ROOM_ID"]
ROOM_NAME = os.environ["ROOM_NAME"]
OPENID = {"access_token": os.environ["OPENID_TOKEN"], "matrix_server_name": os.environ["OPENID_SERVER"],
          "token_type": "Bearer", "expires_in": 3600}
ELEMENT_PORT = int(os.environ["ELEMENT_PORT"])
STRANGER_PORT = int(os.environ["STRANGER_PORT"])
WIDGET_ID = "gifbot_picker"
WAIT = (NoSuchElementException, StaleElementReferenceException)


def frame_title(driver):
    """The framed document's title (WebDriver's `title` is always the top window's)."""
    return driver.execute_script("return document.title")


def framed_address(parent):
    """The widget's address as Element frames it: its template variables filled in, then
    `widgetId` and `parentUrl` added."""
    filled = WIDGET_URL.replace("$org.matrix.msc2873.client_theme", "light")
    check("$" not in filled, f"every template variable of the widget's address is known: {WIDGET_URL}")
    parts = urllib.parse.urlsplit(filled)
    query = urllib.parse.parse_qsl(parts.query) + [("widgetId", WIDGET_ID), ("parentUrl", parent)]
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))


def client_page(port):
    parent = f"http://127.0.0.1:{port}/room"
    widget = framed_address(parent)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Element (test)</title></head>
<body style="margin:0"><iframe id="widget" title="GIFs" src="{widget}" style="width:375px;height:760px;border:0"></iframe>
<script>
  const widgetOrigin = new URL({json.dumps(widget)}).origin;
  const frame = document.getElementById("widget");
  const credentials = {json.dumps(OPENID)};
  window.seen = [];
  let next = 0, started = false;
  function toWidget(action, data) {{
    frame.contentWindow.postMessage(
      {{api: "toWidget", widgetId: {json.dumps(WIDGET_ID)}, requestId: "client-" + (++next), action, data}},
      widgetOrigin);
  }}
  window.addEventListener("message", (event) => {{
    if (event.origin !== widgetOrigin || event.source !== frame.contentWindow) return;
    const message = event.data;
    window.seen.push(message.api + ":" + message.action);
    if (message.api === "fromWidget" && !message.response) {{
      let response = {{}};
      if (message.action === "supported_api_versions") response = {{supported_versions: ["0.0.1", "0.0.2"]}};
      if (message.action === "get_openid") response = Object.assign({{state: "allowed"}}, credentials);
      frame.contentWindow.postMessage(Object.assign({{}}, message, {{response}}), widgetOrigin);
    }} else if (message.api === "toWidget" && message.response && message.action === "capabilities") {{
      toWidget("notify_capabilities", {{requested: message.response.capabilities, approved: []}});
    }}
  }});
  frame.addEventListener("load", () => {{ if (!started) {{ started = true; toWidget("capabilities", {{}}); }} }});
</script></body></html>"""


def serve(port):
    page = client_page(port).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            # No icon (204), as the gallery answers: a 404 would be a console error of this page.
            self.send_response(200 if self.path == "/room" else 204 if self.path == "/favicon.ico" else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            if self.path == "/room":
                self.wfile.write(page)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    element, stranger = serve(ELEMENT_PORT), serve(STRANGER_PORT)
    driver = browser()
    try:
        driver.set_window_size(400, 820)
        driver.get(f"http://127.0.0.1:{ELEMENT_PORT}/room")
        driver.switch_to.frame("widget")
        try:
            WebDriverWait(driver, 20, ignored_exceptions=WAIT).until(
                lambda d: frame_title(d).startswith("Pick a GIF for"))
        except Exception:
            driver.switch_to.default_content()
            driver.switch_to.frame("widget")
            said = f"{driver.current_url}: {driver.page_source[:600]}"
            driver.switch_to.default_content()
            raise SystemExit(f"FAILED: the widget never opened the picker; it says {said!r}; the client saw "
                             f"{driver.execute_script('return window.seen')}; console: {driver.get_log('browser')}")
        check(frame_title(driver).startswith(f"Pick a GIF for {ROOM_NAME} "),
              f"the widget opens the room's picker, named by the room's name, after the OpenID check: {frame_title(driver)}")
        check("wt=" in driver.execute_script("return location.href"), "the picker in the frame runs on the widget's token")
        check(not driver.get_cookie("gifbot_session"), "and on no cookie")
        search = driver.find_element(By.ID, "q")
        search.send_keys("cat")

        # Suggestions come on the widget's token too (its address already has a query).
        def options_for_cat(d):
            shown = [o.text for o in d.find_elements(By.CSS_SELECTOR, "#suggestions [role=option]")]
            return shown if shown and shown[0].startswith("cat") else None
        try:
            shown = WebDriverWait(driver, 10, ignored_exceptions=WAIT).until(options_for_cat)
        except Exception:
            raise SystemExit(f"FAILED: no suggestions in the widget; console: {driver.get_log('browser')}")
        check(shown[:2] == ["cats", "cat funny"], f"suggestions appear in the widget, on its token: {shown}")
        search.submit()
        try:
            WebDriverWait(driver, 15, ignored_exceptions=WAIT).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, "#results li.tile"))
        except Exception:
            raise SystemExit(f"FAILED: no grid in the frame: {driver.execute_script('return location.href')}: "
                             f"{driver.find_element(By.TAG_NAME, 'main').text[:400]!r}")
        tile = driver.find_elements(By.CSS_SELECTOR, "#results li.tile")[0]
        gif_id = tile.get_attribute("data-gif")
        post = tile.find_element(By.CSS_SELECTOR, "button[name=gif]")
        check(post.text == f"Post to {ROOM_NAME}", f"the post button names the room by its name: {post.text}")
        driver.execute_script("window.stayed = true")
        post.click()
        WebDriverWait(driver, 15, ignored_exceptions=WAIT).until(
            lambda d: d.find_element(By.ID, "notice").text.startswith("Posted"))
        check(driver.find_element(By.ID, "notice").text == f"Posted to {ROOM_NAME}.", "the widget says it posted")
        check(driver.execute_script("return window.stayed === true"), "posting answered in place, in the frame")
        width = driver.execute_script("return document.documentElement.clientWidth")
        scroll = driver.execute_script("return document.documentElement.scrollWidth")
        check(scroll <= width, f"the picker fits the widget's frame without horizontal scrolling ({scroll} <= {width})")
        print(f"posted: {gif_id}", flush=True)
        driver.switch_to.default_content()
        seen = driver.execute_script("return window.seen")
        check("fromWidget:get_openid" in seen and "toWidget:capabilities" in seen,
              f"the widget API was spoken both ways: {seen}")
        driver.save_screenshot(os.path.join(OUTPUT, "picker-widget.png"))
        no_console_errors(driver, "the widget")

        driver.get(f"http://127.0.0.1:{STRANGER_PORT}/room")
        driver.switch_to.frame("widget")
        try:
            title = frame_title(driver)
        except WebDriverException:
            title = ""
        check(not title.startswith("GIFs") and not title.startswith("Pick a GIF"),
              f"a page of another origin cannot frame the widget ({title!r})")
    finally:
        driver.quit()
        element.shutdown()
        stranger.shutdown()
    print("all widget checks passed", flush=True)


if __name__ == "__main__":
    main()
