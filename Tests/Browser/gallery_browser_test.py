#!/usr/bin/env python3
"""The web gallery in a real browser (issue 25): headless Chromium from Debian, driven by
Selenium, against the real bot on a real IRC server with the GIPHY stand-in. Launched by
Tests/gifbotTests/GalleryBrowserTests.swift, which starts the IRC server, the stand-in and the
bot and passes their addresses in the environment. Exits non-zero, naming the failed check, on
any failure; writes screenshots to OUTPUT_DIR."""

import atexit
import base64
import os
import re
import shutil
import socket
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

IRC_PORT = int(os.environ["IRC_PORT"])
CHANNEL = os.environ["CHANNEL"]
BOT = os.environ["BOT_NICK"]
NICK = os.environ["USER_NICK"]
EXPIRED_LINK = os.environ["EXPIRED_LINK"]
OUTPUT = os.environ["OUTPUT_DIR"]
LINK = re.compile(r"(https?://\S+/login\?token=\S+)")


def check(condition, what):
    if not condition:
        raise SystemExit(f"FAILED: {what}")
    print(f"ok: {what}", flush=True)


class IRC:
    """A raw IRC client: enough to register, join, speak and wait for the bot's lines."""

    def __init__(self):
        self.sock = socket.create_connection(("127.0.0.1", IRC_PORT), timeout=30)
        self.buffer = b""
        self.send(f"NICK {NICK}")
        self.send(f"USER {NICK} 0 * :gallery test")
        self.wait(lambda parts: parts[1] == "001")
        self.send(f"JOIN {CHANNEL}")
        self.wait(lambda parts: parts[1] == "366")

    def send(self, line):
        self.sock.sendall((line + "\r\n").encode())

    def lines(self):
        while True:
            while b"\r\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\r\n", 1)
                yield line.decode("utf-8", "replace")
            chunk = self.sock.recv(4096)
            if not chunk:
                raise SystemExit("FAILED: the IRC server closed the connection")
            self.buffer += chunk

    def wait(self, matches):
        for line in self.lines():
            if line.startswith("PING"):
                self.send("PONG" + line[4:])
                continue
            parts = line.split(" ")
            if line.startswith("@"):
                parts = parts[1:]
            if len(parts) > 1 and matches(parts):
                return line

    def from_bot(self, target):
        """The text of the bot's next PRIVMSG to `target`."""
        line = self.wait(
            lambda parts: parts[0].startswith(f":{BOT}!") and parts[1] == "PRIVMSG" and parts[2] == target
        )
        return line.split(" :", 1)[1]

    def ask(self, text, target=None):
        self.send(f"PRIVMSG {target or CHANNEL} :{text}")
        return self.from_bot(NICK if target else CHANNEL)

    def web_link(self):
        self.send(f"PRIVMSG {CHANNEL} :!web")
        private = self.from_bot(NICK)
        match = LINK.search(private)
        check(match is not None, "!web sends the link in a private message")
        said = self.from_bot(CHANNEL)
        check("private message" in said and "token=" not in said, "the channel sees no link")
        return match.group(1)


def browser(javascript=True):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=375,800",
                     "--no-first-run", "--disable-background-networking",
                     # Tests talk to loopback only: every other host (the GIFs' CDN) resolves to nothing.
                     "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # Chromium keeps its singleton socket in a folder of its own under TMPDIR and leaves it
    # there when chromedriver ends it: each browser gets a TMPDIR that is removed with it (at
    # its quit, or when the script exits without one).
    scratch = tempfile.mkdtemp(prefix="gifbot-browser-")
    atexit.register(shutil.rmtree, scratch, ignore_errors=True)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"), env={**os.environ, "TMPDIR": scratch})
    driver = webdriver.Chrome(options=options, service=service)
    quit_browser = driver.quit

    def quit_and_clean_up():
        try:
            quit_browser()
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    driver.quit = quit_and_clean_up
    driver.set_page_load_timeout(30)
    driver.set_window_size(375, 800)
    return driver


def after(driver, action, title):
    """Does `action` (a click or a submit) and awaits the page it loads, titled `title`."""
    old = driver.find_element(By.TAG_NAME, "html")
    action()
    WebDriverWait(driver, 15).until(lambda d: old != d.find_element(By.TAG_NAME, "html")
                                    and d.title.startswith(title) and d.execute_script("return document.readyState") == "complete")


def sign_in(driver, link):
    driver.get(link)
    check(driver.title.startswith("Sign in"), "the link opens the sign-in page")
    after(driver, driver.find_element(By.ID, "sign-in").click, "My favorites")
    check(driver.title.startswith("My favorites"), f"signing in opens the user's favorites ({driver.title}: {driver.current_url})")


def tiles(driver):
    return driver.find_elements(By.CSS_SELECTOR, "li.tile")


def fits_375(driver, what):
    width = driver.execute_script("return document.documentElement.clientWidth")
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    check(width <= 375 and scroll <= width, f"{what} fits 375 px without horizontal scrolling ({scroll} <= {width})")


def no_console_errors(driver, what):
    """The gallery's own errors (scripts, CSP, its responses, the GIFs the stand-in serves); any other
    host stays unreachable."""
    own = os.environ["WEB_BASE_URL"]
    errors = [entry for entry in driver.get_log("browser")
              if entry["level"] == "SEVERE"
              and not ("ERR_NAME_NOT_RESOLVED" in entry["message"] and not entry["message"].startswith(own))]
    check(not errors, f"no console errors on {what}: {errors}")


def shown(driver, what):
    """Every GIF on the page loaded and decoded (the stand-in serves them on loopback)."""
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "return [...document.querySelectorAll('main img')].every(i => i.complete)"))
    broken = driver.execute_script(
        "return [...document.querySelectorAll('main img')].filter(i => i.naturalWidth === 0).map(i => i.src)")
    check(not broken, f"every GIF shows on {what}: {broken}")


def forbidden(driver, url, what):
    driver.get(url)
    check(driver.title.startswith("Forbidden"), f"{what} gets the 403 page")
    check("expired" in driver.find_element(By.TAG_NAME, "main").text, f"{what}: a plain explanation")


def main():
    irc = IRC()
    first = irc.ask("!gif cat")
    irc.ask("!fav")
    saved = irc.ask("!save #party #cats")
    check("party" in saved, f"!save with tags: {saved}")
    second = irc.ask("!more")
    check(first != second, "two different GIFs shown")
    irc.ask("!fav")
    saved = irc.ask("!save #cats")
    check("cats" in saved, f"a second !save: {saved}")
    favs = irc.ask("!favs")
    check("(2," in favs, f"two favorites saved in chat: {favs}")
    link = irc.web_link()

    driver = browser()
    try:
        sign_in(driver, link)
        check(len(tiles(driver)) == 2, "the favorites grid shows both GIFs saved in chat")
        images = driver.find_elements(By.CSS_SELECTOR, "main img")
        check(all(image.get_attribute("alt") for image in images), "every image has alt text")
        shown(driver, "the favorites grid")
        check(all(image.get_attribute("width") and image.get_attribute("height") for image in images),
              "every image has its size set")
        fits_375(driver, "the favorites grid")
        driver.save_screenshot(os.path.join(OUTPUT, "favorites-grid.png"))
        favorites_url = driver.current_url.split("?")[0]

        titles = [tile.find_element(By.CSS_SELECTOR, ".title").text for tile in tiles(driver)]
        word = max(titles[0].split(), key=len)
        search = driver.find_element(By.ID, "q")
        search.send_keys(word)
        after(driver, search.submit, "My favorites")
        check(len(tiles(driver)) >= 1 and all(word.lower() in t.text.lower() for t in tiles(driver)),
              f"search for '{word}' shows only what matches")

        driver.get(favorites_url)
        link_to_gif = tiles(driver)[0].find_element(By.TAG_NAME, "a")
        gif_title = link_to_gif.text
        after(driver, link_to_gif.click, gif_title[:10])
        check("!fav " in driver.find_element(By.ID, "command").text, "the GIF page shows the chat command")
        copy = driver.find_element(By.CSS_SELECTOR, "button.copy")
        check(copy.is_displayed(), "with JavaScript the copy button appears")
        fits_375(driver, "the GIF page")
        shown(driver, "the GIF page")
        driver.save_screenshot(os.path.join(OUTPUT, "gif-page.png"))
        no_console_errors(driver, "the grid and the GIF page")

        removed_title = driver.find_element(By.TAG_NAME, "h1").text
        after(driver, driver.find_element(By.CSS_SELECTOR, "form button.remove").click, "My favorites")
        check(len(tiles(driver)) == 1, "removing in the browser leaves one favorite")
        favs = irc.ask("!favs")
        check("(1," in favs, f"!favs sees the removal at once: {favs}")
        check(removed_title[:20] not in irc.from_bot(CHANNEL), "the removed GIF is gone from !favs")

        # The channel's collection, reached from the start page (the link was asked for there).
        driver.get(os.environ["WEB_BASE_URL"] + "/")
        after(driver, driver.find_element(By.PARTIAL_LINK_TEXT, "GIFs of").click, "GIFs of")
        check(len(tiles(driver)) == 2, "!save in chat: the channel's grid shows both GIFs")
        images = driver.find_elements(By.CSS_SELECTOR, "main img")
        check(all(image.get_attribute("alt") and image.get_attribute("width") for image in images),
              "collection images have alt text and a size")
        fits_375(driver, "the collection grid")
        shown(driver, "the collection grid")
        driver.save_screenshot(os.path.join(OUTPUT, "collection-grid.png"))
        collection_url = driver.current_url
        after(driver, driver.find_element(By.PARTIAL_LINK_TEXT, "#party").click, "GIFs of")
        check(len(tiles(driver)) == 1 and "#party" in tiles(driver)[0].text, "the tag filter shows the tagged GIF")
        driver.get(collection_url)
        titles = [tile.find_element(By.CSS_SELECTOR, ".title").text for tile in tiles(driver)]
        word = max(titles[-1].split(), key=len)
        search = driver.find_element(By.ID, "q")
        search.send_keys(word)
        after(driver, search.submit, "GIFs of")
        check(len(tiles(driver)) >= 1 and all(word.lower() in t.text.lower() for t in tiles(driver)),
              f"collection search for '{word}'")
        entry = tiles(driver)[0].find_element(By.TAG_NAME, "a")
        # The link's first line is the GIF's title (its tags follow), which the page is titled by.
        after(driver, entry.click, entry.text.split("\n")[0][:10])
        check("!gif #" in driver.find_element(By.ID, "command").text or "!fav " in driver.find_element(By.ID, "command").text,
              "the collection GIF page shows the chat command")
        check("Saved by" in driver.find_element(By.TAG_NAME, "main").text, "the GIF page says who saved it")
        driver.save_screenshot(os.path.join(OUTPUT, "collection-gif-page.png"))
        no_console_errors(driver, "the collection pages")

        # Someone else's favorites: the same address shape with another user in it.
        handle = favorites_url.rstrip("/").split("/")[-2]
        network = base64.urlsafe_b64decode(handle + "=" * (-len(handle) % 4)).split(b"\0")[0]
        other = base64.urlsafe_b64encode(network + b"\0someoneelse").decode().rstrip("=")
        forbidden(driver, favorites_url.replace(handle, other), "another user's favorites")
    finally:
        driver.quit()

    fresh = browser()
    try:
        forbidden(fresh, link, "a reused link")
        forbidden(fresh, link[:-3] + ("AAA" if not link.endswith("AAA") else "BBB"), "a tampered link")
        forbidden(fresh, EXPIRED_LINK, "an expired link")
        fresh.get(favorites_url)
        check(fresh.title.startswith("Forbidden"), "no session, no favorites")
        fresh.get(collection_url)
        check(fresh.title.startswith("Forbidden"), "no session, no private collection")
    finally:
        fresh.quit()

    plain = browser(javascript=False)
    try:
        sign_in(plain, irc.web_link())
        check(len(tiles(plain)) == 1, "without JavaScript the grid works")
        link_to_gif = tiles(plain)[0].find_element(By.TAG_NAME, "a")
        after(plain, link_to_gif.click, link_to_gif.text[:10])
        check("!fav " in plain.find_element(By.ID, "command").text, "without JavaScript the command is shown")
        check(not plain.find_element(By.CSS_SELECTOR, "button.copy").is_displayed(),
              "without JavaScript the copy button stays hidden")
        fits_375(plain, "the GIF page without JavaScript")
    finally:
        plain.quit()
    print("all browser checks passed", flush=True)


if __name__ == "__main__":
    main()
