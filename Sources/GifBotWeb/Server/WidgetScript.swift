/// The widget's side of the Matrix widget API (MSC2762, MSC2871), written here from the
/// specification: the page the room widget opens answers its client's capability requests
/// (it asks for none), asks for an OpenID token to prove who is using it (MSC1960), hands it to
/// the gallery, which checks it with the homeserver, and opens the picker with the token the
/// gallery gives back (held in the page's address, never in a cookie: a third-party frame gets
/// none). Only messages from the client's own window and origin (`parentUrl`) are read.
enum WidgetScript {
    static let source = """
        "use strict";
        (function () {
          var status = document.getElementById("status");
          var page = document.getElementById("widget");
          var query = new URLSearchParams(location.search);
          var widgetId = query.get("widgetId"), parentUrl = query.get("parentUrl");
          function say(text) { status.textContent = text; }
          var parentOrigin = null;
          try { parentOrigin = new URL(parentUrl).origin; } catch (error) { parentOrigin = null; }
          if (!widgetId || !parentOrigin || window.parent === window) {
            say("Open this from a Matrix room's widgets: it needs your client to say who you are.");
            return;
          }
          var sent = 0, asked = null, done = false;
          function post(message) { window.parent.postMessage(message, parentOrigin); }
          function ask(action, data) {
            sent += 1;
            var id = "gifbot-" + sent;
            post({ api: "fromWidget", widgetId: widgetId, requestId: id, action: action, data: data || {} });
            return id;
          }
          function reply(request, response) {
            var answer = Object.assign({}, request, { response: response });
            post(answer);
          }
          function credentials(data) {
            if (done) { return; }
            if (!data || data.state === "blocked") { say("Your client did not say who you are; the picker needs it."); return; }
            if (data.state !== "allowed" || !data.access_token) { say("Waiting for you to allow it in your client…"); return; }
            done = true;
            say("Checking with your homeserver…");
            fetch(page.dataset.session, {
              method: "POST", credentials: "omit",
              headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ access_token: data.access_token, matrix_server_name: data.matrix_server_name || "" }).toString()
            })
              .then(function (response) { return response.json().then(function (body) { return [response.ok, body]; }); })
              .then(function (result) {
                if (result[0] && result[1].picker) { location.replace(result[1].picker); }
                else { say(result[1].error || "The picker is not open to you in this room."); }
              }, function () { say("The gallery could not be reached; try again later."); });
          }
          window.addEventListener("message", function (event) {
            var message = event.data;
            if (event.source !== window.parent || event.origin !== parentOrigin || !message || message.widgetId !== widgetId) { return; }
            if (message.api === "toWidget" && !message.response) {
              if (message.action === "capabilities") {
                reply(message, { capabilities: [] });
              } else if (message.action === "notify_capabilities") {
                reply(message, {});
                if (!asked) { asked = ask("get_openid"); }
              } else if (message.action === "openid_credentials") {
                reply(message, {});
                if (message.data && message.data.original_request_id === asked) { credentials(message.data); }
              } else {
                reply(message, { error: { message: "Not supported by this widget" } });
              }
            } else if (message.api === "fromWidget" && message.response && message.requestId === asked) {
              credentials(message.response);
            }
          });
          ask("supported_api_versions");
          ask("content_loaded");
          // A client that sends no capability request (or sent it before this page listened).
          setTimeout(function () { if (!asked) { asked = ask("get_openid"); } }, 1500);
        })();
        """
}
