/// The gallery's only stylesheet and script, served by itself (the CSP allows nothing from
/// elsewhere): no third-party scripts or fonts, dark mode from the system's setting.
enum Assets {
    static let stylesheet = """
        :root { color-scheme: light dark; --bg: #fff; --fg: #1a1a1a; --muted: #5c5c5c; --tile: #f0f0f0; --accent: #0b57d0; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #121212; --fg: #ececec; --muted: #b0b0b0; --tile: #242424; --accent: #8ab4f8; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: var(--bg); color: var(--fg); }
        a { color: var(--accent); }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .skip { position: absolute; left: -999px; }
        .skip:focus { left: 8px; top: 8px; background: var(--bg); padding: 4px; }
        header nav { display: flex; gap: 1rem; align-items: center; justify-content: space-between; padding: .5rem 1rem; }
        main { padding: 0 1rem 2rem; max-width: 1100px; margin: 0 auto; }
        h1 { font-size: 1.5rem; overflow-wrap: anywhere; }
        .search { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin-bottom: 1rem; }
        .search input { flex: 1 1 10rem; min-width: 0; padding: .4rem; }
        .grid { list-style: none; padding: 0; display: grid; gap: 1rem;
          grid-template-columns: repeat(auto-fill, minmax(min(100%, 160px), 1fr)); }
        .tile { background: var(--tile); border-radius: 8px; padding: .5rem; min-width: 0; }
        .tile a { display: block; text-decoration: none; color: inherit; }
        .tile img, .preview:not(.picked) img { display: block; width: 100%; height: auto; aspect-ratio: 1 / 1; object-fit: contain; }
        .preview { margin: 0 0 1rem; max-width: 480px; }
        .title { display: block; overflow-wrap: anywhere; font-size: .9rem; margin-top: .25rem; }
        button { font: inherit; padding: .3rem .7rem; cursor: pointer; }
        .tags { display: flex; flex-wrap: wrap; gap: .5rem; margin-bottom: 1rem; }
        .tags a[aria-current] { font-weight: bold; text-decoration: none; }
        .tag-list { display: block; color: var(--muted); font-size: .8rem; overflow-wrap: anywhere; }
        .pager { display: flex; gap: 1rem; flex-wrap: wrap; margin-top: 1rem; }
        .command code { overflow-wrap: anywhere; }
        dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
        dd { margin: 0; overflow-wrap: anywhere; }
        .notice { padding: .5rem; border-left: 4px solid var(--accent); overflow-wrap: anywhere; }
        .credit { color: var(--muted); font-size: .85rem; }
        .tabs { display: flex; flex-wrap: wrap; gap: 1rem; margin-bottom: 1rem; }
        .tabs a[aria-current] { font-weight: bold; text-decoration: none; }
        .combo { position: relative; flex: 1 1 10rem; min-width: 0; display: flex; }
        .combo input { flex: 1 1 auto; }
        #suggestions { position: absolute; top: 100%; left: 0; right: 0; z-index: 1; margin: 0; padding: 0; list-style: none;
          background: var(--bg); border: 1px solid var(--muted); }
        #suggestions li { padding: .3rem .5rem; cursor: pointer; overflow-wrap: anywhere; }
        #suggestions li[aria-selected=true] { background: var(--accent); color: var(--bg); }
        .terms { display: flex; flex-wrap: wrap; gap: .5rem 1rem; padding: 0; list-style: none; }
        .picked img { display: block; width: 100%; height: auto; }
        #results { grid-template-columns: repeat(auto-fill, minmax(min(100%, 140px), 1fr)); }
        #results img { object-fit: cover; }
        .actions button { font-size: .85rem; padding: .2rem .5rem; max-width: 100%; overflow-wrap: anywhere; }
        .actions { display: flex; flex-wrap: wrap; gap: .25rem; margin-top: .25rem; }
        .actions form { display: inline; }
        button[aria-pressed=true] { font-weight: bold; }
        button[aria-pressed=true]::before { content: "\\2605 "; }
        .post label { display: block; }
        .post input[type=text] { width: 100%; max-width: 30rem; padding: .4rem; margin-bottom: .5rem; }
        .notice:empty { display: none; }
        .more { text-align: center; }
        """

    /// Progressive: shows the copy buttons and copies on click; the page works without it.
    static let copyScript = """
        "use strict";
        document.querySelectorAll("button.copy[data-copy]").forEach(function (button) {
          if (!navigator.clipboard) { return; }
          button.hidden = false;
          button.addEventListener("click", function () {
            navigator.clipboard.writeText(button.dataset.copy).then(
              function () { button.textContent = "Copied"; },
              function () { button.textContent = "Select and copy it"; });
          });
        });
        """
}
