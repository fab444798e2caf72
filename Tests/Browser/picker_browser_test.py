#!/usr/bin/env python3
"""The GIF picker in a real browser (issue 35): headless Chromium driven by Selenium against the
real bot on InspIRCd, the GIPHY stand-in serving its recorded search with the GIFs on loopback.
Launched by Tests/gifbotTests/PickerBrowserTests.swift, which starts the server, the stand-in and
the bot, and (as the channel's operator) sets the channel's rating to g and its cool-down to six
commands in 900 s. Exits non-zero naming the failed check; writes screenshots to OUTPUT_DIR."""

import json
import os
import sys

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(__file__))
from gallery_browser_test import (  # noqa: E402  (the gallery test's IRC client and browser)
    BOT, CHANNEL, IRC, NICK, OUTPUT, after, browser, check, fits_375, no_console_errors, sign_in, tiles)

with open(os.environ["SEARCH_FIXTURE"]) as fixture:
    RESULTS = json.load(fixture)["data"]
ABOVE_G = {gif["id"] for gif in RESULTS if gif.get("rating") != "g"}
PICKER = f"Pick a GIF for {CHANNEL}"


def ids(driver):
    return [tile.get_attribute("data-gif") for tile in tiles(driver)]


def favorites_of(irc):
    """`!favs` asked privately (no cool-down there): every line of the answer."""
    irc.send(f"PRIVMSG {BOT} :!favs")
    lines = [irc.from_bot(NICK)]
    while "page 1/" in lines[0] and len(lines) < 2:
        lines.append(irc.from_bot(NICK))
    return " ".join(lines)


def shown_in_view(driver, what):
    """Every GIF in view loaded and decoded (the grid's lazy ones load as they scroll in)."""
    visible = "[...document.querySelectorAll('main img')].filter(i => i.getBoundingClientRect().top < innerHeight)"
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(f"return {visible}.every(i => i.complete)"))
    broken = driver.execute_script(f"return {visible}.filter(i => i.naturalWidth === 0).map(i => i.src)")
    check(not broken, f"every GIF in view shows on {what}: {broken}")


def notice(driver, starts):
    """The page's notice once it starts with `starts`; a failure names what it said instead. The
    page may be replaced meanwhile (a form the script did not take over posts and comes back with
    the notice), so a stale or missing element is waited out, not taken for an answer."""
    try:
        WebDriverWait(driver, 15, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(
            lambda d: d.find_element(By.ID, "notice").text.startswith(starts))
    except Exception:
        said = driver.find_element(By.ID, "notice").text
        raise SystemExit(f"FAILED: the notice never began '{starts}'; it says '{said}' ({driver.get_log('browser')})")
    return driver.find_element(By.ID, "notice").text


def reduced_motion(driver):
    """Asking for reduced motion shows each GIF's still first frame; hovering its tile animates it."""
    def motion(value):
        driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": value}]})
    tile = tiles(driver)[0]
    image = tile.find_element(By.TAG_NAME, "img")
    still = tile.find_element(By.CSS_SELECTOR, "source[media]").get_attribute("srcset")
    check("fixed_width_small_still" in still, f"the tile carries the source's still first frame: {still}")
    animated = image.get_attribute("src")
    check(image.get_attribute("currentSrc") == animated, "without a preference the GIF itself shows")
    motion("reduce")
    try:
        WebDriverWait(driver, 10).until(lambda d: image.get_attribute("currentSrc") == still)
        check(True, "asking for reduced motion shows the still first frame")
        ActionChains(driver).move_to_element(image).perform()
        WebDriverWait(driver, 10).until(lambda d: image.get_attribute("currentSrc") == animated)
        check(True, "hovering the tile animates it")
        ActionChains(driver).move_to_element(driver.find_element(By.TAG_NAME, "h1")).perform()
        WebDriverWait(driver, 10).until(lambda d: image.get_attribute("currentSrc") == still)
        check(True, "leaving it shows the still again")
    finally:
        motion("no-preference")


def open_picker(driver):
    after(driver, driver.find_element(By.LINK_TEXT, "Pick a GIF").click, PICKER)
    check(driver.find_element(By.CSS_SELECTOR, "label[for=q]").text == "Search GIFs", "the search field is labelled")
    check(driver.find_element(By.CSS_SELECTOR, "form[role=search]") is not None, "the search form is a search landmark")


def grid_checks(driver, what):
    found = ids(driver)
    check(len(found) >= 10, f"{what}: the grid fills ({len(found)} GIFs)")
    check(not (set(found) & ABOVE_G), f"{what}: nothing above the channel's rating g")
    check(len(set(found)) == len(found), f"{what}: no GIF twice")
    images = driver.find_elements(By.CSS_SELECTOR, "#results img")
    check(all(i.get_attribute("width") and i.get_attribute("height") and i.get_attribute("alt") for i in images),
          f"{what}: every GIF has its size and alt text")


def with_javascript(irc):
    driver = browser()
    try:
        sign_in(driver, irc.web_link())
        open_picker(driver)
        search = driver.find_element(By.ID, "q")
        check(search.get_attribute("role") == "combobox", "with JavaScript the field is a combobox")
        search.send_keys("cat")

        # Suggestions for "ca" may show first, when typing is slower than the script's debounce.
        def options_for_cat(d):
            shown = [o.text for o in d.find_elements(By.CSS_SELECTOR, "#suggestions [role=option]")]
            return shown if shown and shown[0].startswith("cat") else None
        WebDriverWait(driver, 10, ignored_exceptions=(StaleElementReferenceException,)).until(options_for_cat)
        options = [o.text for o in driver.find_elements(By.CSS_SELECTOR, "#suggestions [role=option]")]
        check(options[:2] == ["cats", "cat funny"], f"suggestions from the source appear: {options}")
        check(search.get_attribute("aria-expanded") == "true", "the combobox says it is expanded")
        search.send_keys(Keys.ARROW_DOWN)
        search.send_keys(Keys.ARROW_DOWN)
        check(search.get_attribute("aria-activedescendant") == "suggestion-1", "arrow keys move through the options")
        after(driver, lambda: search.send_keys(Keys.ENTER), PICKER)
        check(driver.find_element(By.ID, "q").get_attribute("value") == "cat funny", "Enter chooses the option")
        grid_checks(driver, "the first page")
        shown_in_view(driver, "the picker's grid")
        fits_375(driver, "the picker")
        driver.save_screenshot(os.path.join(OUTPUT, "picker-grid.png"))

        reduced_motion(driver)
        first_page = ids(driver)
        try:
            driver.find_element(By.ID, "more").click()
        except (NoSuchElementException, StaleElementReferenceException):
            pass  # the script already loaded the next page: "More" came into view (it loads as one scrolls)
        WebDriverWait(driver, 15, ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: len(ids(d)) > len(first_page))
        both = ids(driver)
        check(both[:len(first_page)] == first_page and not set(both[len(first_page):]) & set(first_page),
              f"More adds new GIFs only ({len(first_page)} + {len(both) - len(first_page)})")
        grid_checks(driver, "after More")

        tile = tiles(driver)[0]
        gif_id = tile.get_attribute("data-gif")
        star = tile.find_element(By.CSS_SELECTOR, "button[aria-pressed]")
        check(star.text == "Favorite" and star.get_attribute("aria-pressed") == "false", "a Favorite toggle, off")
        star.click()
        check(notice(driver, "Saved").startswith("Saved"), "Favorite says it saved")
        WebDriverWait(driver, 5).until(lambda d: star.get_attribute("aria-pressed") == "true")
        check(f"({gif_id})" in favorites_of(irc), "!favs lists the GIF starred in the picker")
        star.click()
        check(notice(driver, "Removed").startswith("Removed"), "pressed again, Favorite unstars")
        WebDriverWait(driver, 5).until(lambda d: star.get_attribute("aria-pressed") == "false")
        check(f"({gif_id})" not in favorites_of(irc), "and !favs no longer lists it")
        star.click()
        WebDriverWait(driver, 5).until(lambda d: star.get_attribute("aria-pressed") == "true")

        post = tile.find_element(By.CSS_SELECTOR, "button[name=gif]")
        check(post.text == f"Post to {CHANNEL}", f"the post button names the channel: {post.text}")
        post.click()
        check(notice(driver, "Posted") == f"Posted to {CHANNEL}.", "the picker says it posted")
        check(len(ids(driver)) == len(both), "posting answered in place: the grid with its More pages stays")
        said = irc.from_bot(CHANNEL)
        check(said.startswith(f"{NICK} picked: ") and f"({gif_id})" in said, f"the channel sees the pick: {said}")

        link = tiles(driver)[1].find_element(By.TAG_NAME, "a")
        second = tiles(driver)[1].get_attribute("data-gif")
        after(driver, link.click, link.text[:10])
        driver.find_element(By.ID, "caption").send_keys("friday mood")
        driver.find_element(By.CSS_SELECTOR, "form.post button").click()
        notice(driver, "Posted")
        said = irc.from_bot(CHANNEL)
        check(f"({second})" in said and said.endswith("— friday mood"), f"a caption goes with the GIF: {said}")
        shown_in_view(driver, "a GIF's page")
        fits_375(driver, "a GIF's page")
        driver.save_screenshot(os.path.join(OUTPUT, "picker-gif-page.png"))

        # A forged form: a GIF the channel's rating forbids, posted with the page's own token.
        forged = driver.execute_script("""
            const form = document.querySelector("form.post");
            const body = new URLSearchParams(new FormData(form));
            body.set("gif", arguments[0]);
            return fetch(form.action, {method: "POST", body: body, headers: {"Accept": "application/json"}})
                .then(r => r.json()).then(a => a.notice);""", sorted(ABOVE_G)[0])
        check("rated above" in forged, f"a forged post of a pg GIF is refused: {forged}")
        no_console_errors(driver, "the picker")
    finally:
        driver.quit()


def without_javascript(irc):
    plain = browser(javascript=False)
    try:
        sign_in(plain, irc.web_link())
        open_picker(plain)
        search = plain.find_element(By.ID, "q")
        search.send_keys("cat")
        after(plain, search.submit, PICKER)
        grid_checks(plain, "without JavaScript")
        first_page = set(ids(plain))
        after(plain, plain.find_element(By.LINK_TEXT, "More").click, PICKER)
        check(not set(ids(plain)) & first_page, "without JavaScript More is the next page, nothing repeated")
        grid_checks(plain, "the next page without JavaScript")

        gif_id = ids(plain)[0]
        after(plain, tiles(plain)[0].find_element(By.CSS_SELECTOR, "button[aria-pressed]").click, PICKER)
        check(plain.find_element(By.ID, "notice").text.startswith("Saved"), "without JavaScript Favorite saves")
        check(tiles(plain)[0].find_element(By.CSS_SELECTOR, "button[aria-pressed]").get_attribute("aria-pressed")
              == "true", "and the toggle shows it")
        after(plain, tiles(plain)[0].find_element(By.CSS_SELECTOR, "button[name=gif]").click, PICKER)
        check(plain.find_element(By.ID, "notice").text == f"Posted to {CHANNEL}.", "without JavaScript Post posts")
        said = irc.from_bot(CHANNEL)
        check(said.startswith(f"{NICK} picked: ") and f"({gif_id})" in said, f"the channel sees it: {said}")

        # The seventh action in the channel's window: the cool-down holds for picks too.
        after(plain, tiles(plain)[1].find_element(By.CSS_SELECTOR, "button[name=gif]").click, PICKER)
        check("too fast" in plain.find_element(By.ID, "notice").text, "the channel's cool-down applies to picks")

        after(plain, plain.find_element(By.LINK_TEXT, "Favorites").click, PICKER)
        check(gif_id in ids(plain), "the Favorites tab lists what was starred")
        after(plain, plain.find_element(By.LINK_TEXT, "Trending").click, PICKER)
        check(not set(ids(plain)) & ABOVE_G, "the Trending tab keeps to the rating")
        fits_375(plain, "the picker without JavaScript")
    finally:
        plain.quit()


def main():
    irc = IRC()
    with_javascript(irc)
    without_javascript(irc)
    print("all picker checks passed", flush=True)


if __name__ == "__main__":
    main()
