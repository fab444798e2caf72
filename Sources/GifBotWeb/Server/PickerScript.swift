/// The picker's script, served from the gallery itself (the CSP allows no other): suggestions
/// as an ARIA combobox (a native `datalist` cannot be driven by keyboard in every browser),
/// "More" appending the next page (and loading it as the grid's end scrolls into view), and the
/// Favorite and Post forms answered in place. Without it every one of these is a plain link or
/// form that works as well.
enum PickerScript {
    static let source = """
        "use strict";
        (function () {
          var notice = document.getElementById("notice");
          function say(text) { if (notice) { notice.textContent = text; } }

          // Suggestions: the combobox pattern, debounced.
          var input = document.getElementById("q");
          var list = document.getElementById("suggestions");
          if (input && list && window.fetch) {
            var timer = null, active = -1, asked = 0;
            input.setAttribute("role", "combobox");
            input.setAttribute("aria-autocomplete", "list");
            input.setAttribute("aria-controls", "suggestions");
            input.setAttribute("aria-expanded", "false");
            function options() { return list.querySelectorAll("[role=option]"); }
            function close() {
              list.hidden = true; list.textContent = ""; active = -1;
              input.setAttribute("aria-expanded", "false"); input.removeAttribute("aria-activedescendant");
            }
            function choose(option) { input.value = option.textContent; close(); input.form.submit(); }
            function highlight(index) {
              var all = options();
              if (!all.length) { return; }
              active = (index + all.length) % all.length;
              all.forEach(function (option, i) { option.setAttribute("aria-selected", i === active ? "true" : "false"); });
              input.setAttribute("aria-activedescendant", all[active].id);
            }
            function show(terms) {
              list.textContent = "";
              terms.forEach(function (term, i) {
                var option = document.createElement("li");
                option.id = "suggestion-" + i; option.setAttribute("role", "option");
                option.setAttribute("aria-selected", "false"); option.textContent = term;
                option.addEventListener("mousedown", function (event) { event.preventDefault(); choose(option); });
                list.appendChild(option);
              });
              active = -1;
              list.hidden = terms.length === 0;
              input.setAttribute("aria-expanded", terms.length ? "true" : "false");
            }
            input.addEventListener("input", function () {
              clearTimeout(timer);
              var text = input.value.trim();
              if (!text) { close(); return; }
              timer = setTimeout(function () {
                var number = ++asked;
                // The address may carry a query already (a widget's token): q is added to it.
                var address = new URL(input.dataset.suggest, location.href);
                address.searchParams.set("q", text);
                fetch(address, { credentials: "same-origin" })
                  .then(function (response) { return response.ok ? response.json() : []; })
                  .then(function (terms) { if (number === asked) { show(terms); } }, close);
              }, 250);
            });
            input.addEventListener("keydown", function (event) {
              if (list.hidden) { return; }
              if (event.key === "ArrowDown") { event.preventDefault(); highlight(active + 1); }
              else if (event.key === "ArrowUp") { event.preventDefault(); highlight(active - 1); }
              else if (event.key === "Enter" && active >= 0) { event.preventDefault(); choose(options()[active]); }
              else if (event.key === "Escape") { close(); }
            });
            input.addEventListener("blur", function () { setTimeout(close, 100); });
          }

          // More: the next page's tiles appended, none twice.
          var grid = document.getElementById("results");
          var more = document.getElementById("more");
          var loading = false;
          function loadMore() {
            if (loading || !more || !grid) { return; }
            loading = true;
            fetch(more.href, { credentials: "same-origin" })
              .then(function (response) { return response.text(); })
              .then(function (html) {
                var page = new DOMParser().parseFromString(html, "text/html");
                var shown = {};
                grid.querySelectorAll("li.tile").forEach(function (tile) { shown[tile.dataset.gif] = true; });
                var added = 0;
                page.querySelectorAll("#results li.tile").forEach(function (tile) {
                  if (!shown[tile.dataset.gif]) { grid.appendChild(document.importNode(tile, true)); added += 1; }
                });
                var next = page.getElementById("more");
                if (next) { more.href = next.href; } else { more.parentNode.remove(); more = null; }
                say(added ? added + " more GIFs." : "No more GIFs.");
              }, function () { say("Could not load more; try the link again."); })
              .then(function () { loading = false; });
          }
          if (more && grid && window.fetch) {
            more.addEventListener("click", function (event) { event.preventDefault(); loadMore(); });
            if (window.IntersectionObserver) {
              new IntersectionObserver(function (entries) {
                if (entries.some(function (entry) { return entry.isIntersecting; })) { loadMore(); }
              }, { rootMargin: "200px" }).observe(more);
            }
          }

          // Reduced motion: a tile's still first frame animates while it is hovered or focused.
          function motion(event, on) {
            var tile = event.target.closest ? event.target.closest("li.tile") : null;
            var source = tile ? tile.querySelector("source[media]") : null;
            if (!source) { return; }
            if (on) {
              if (!source.dataset.still) { source.dataset.still = source.srcset; }
              source.srcset = tile.querySelector("img").src;
            } else if (source.dataset.still && !tile.contains(document.activeElement)) {
              source.srcset = source.dataset.still;
            }
          }
          document.addEventListener("mouseover", function (event) { motion(event, true); });
          document.addEventListener("mouseout", function (event) { motion(event, false); });
          document.addEventListener("focusin", function (event) { motion(event, true); });
          document.addEventListener("focusout", function (event) { motion(event, false); });

          // Favorite and Post answered in place: the grid and its scroll stay.
          document.addEventListener("submit", function (event) {
            var form = event.target, button = event.submitter;
            // A button without `formaction` submits to its form's action (its `formAction` property
            // would say the page's address); in a widget the action carries `?wt=`.
            var action = button && button.hasAttribute("formaction") ? button.formAction : form.action;
            if (!window.fetch || !button || !/[/](favorite|post)$/.test(new URL(action).pathname)) { return; }
            event.preventDefault();
            // Read before the button is disabled: a disabled button's name and value are not sent.
            var body = new URLSearchParams(new FormData(form, button)).toString();
            button.disabled = true;
            fetch(action, {
              method: "POST", credentials: "same-origin",
              headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded" },
              body: body
            })
              .then(function (response) { if (!response.ok) { throw new Error(); } return response.json(); })
              .then(function (answer) {
                say(answer.notice);
                if (typeof answer.pressed === "boolean") {
                  button.setAttribute("aria-pressed", answer.pressed ? "true" : "false");
                  button.name = answer.pressed ? "unfavorite" : "favorite";
                }
              }, function () { say("That did not work; reload the page and try again."); })
              .then(function () { button.disabled = false; });
          });
        })();
        """
}
