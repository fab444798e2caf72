"""Validates Deployment/: run through scripts/validate-deployment (which picks the virtual
environment with check-jsonschema, kubernetes-validate and PyYAML).

Each check prints `ok  name` or `FAIL name` with the reasons; the last line is
`validate-deployment: N passed, N failed`, and the exit status is 1 when anything failed.
Schema checks come first (an unknown or misspelt field fails them), then what the project
promises on top (one replica, probes on the ops endpoint, hardening options, ...).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import kubernetes_validate
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOYMENT = ROOT / "Deployment"
VENV_BIN = Path(sys.executable).parent
# The oldest Kubernetes minor still commonly run and the newest the schemas know.
KUBERNETES_VERSIONS = ["1.30.0", "1.37.0"]

results = []


def check(name):
    """Decorator: runs the check now; a check returns a list of problems (empty: passed)."""
    def run(function):
        try:
            problems = function()
        except Exception as error:  # a crash in a check is a failure of that check, not the run
            problems = ["%s: %s" % (type(error).__name__, error)]
        results.append((name, problems))
        print(("ok   " if not problems else "FAIL ") + name, flush=True)
        for problem in problems:
            print("       " + problem.replace("\n", "\n       "), flush=True)
        return function
    return run


def run_tool(*command):
    completed = subprocess.run(command, capture_output=True, text=True)
    return completed.returncode, completed.stdout + completed.stderr


def load_yaml_documents(path):
    with open(path) as handle:
        return [document for document in yaml.safe_load_all(handle) if document is not None]


BACKTRACER = "/usr/local/libexec/swift/linux/swift-backtrace"


def backtracer_problems(where, assignments):
    """A crash must print a backtrace: SWIFT_BACKTRACE enabled, to standard error (the log), with
    the backtracer at the path the image and the unit's install lines put it."""
    if not assignments:
        return ["%s: SWIFT_BACKTRACE is not set (a crash would print no backtrace)" % where]
    options = dict(option.split("=", 1) for option in assignments[-1].split("=", 1)[1].split(",") if "=" in option)
    problems = []
    if options.get("enable") != "yes":
        problems.append("%s: SWIFT_BACKTRACE lacks enable=yes" % where)
    if options.get("output-to") != "stderr":
        problems.append("%s: SWIFT_BACKTRACE lacks output-to=stderr (the log)" % where)
    if options.get("swift-backtrace") != BACKTRACER:
        problems.append("%s: SWIFT_BACKTRACE's swift-backtrace is not %s" % (where, BACKTRACER))
    return problems


# --- Compose ------------------------------------------------------------------------------------

COMPOSE = DEPLOYMENT / "compose.yaml"


@check("compose.yaml matches the Compose specification")
def compose_schema():
    status, output = run_tool(str(VENV_BIN / "check-jsonschema"), "--builtin-schema", "vendor.compose-spec", str(COMPOSE))
    return [] if status == 0 else [output.strip()]


@check("compose.yaml: volumes declared, secrets only from the env file, health check, restart")
def compose_semantics():
    problems = []
    compose = load_yaml_documents(COMPOSE)[0]
    declared_volumes = set((compose.get("volumes") or {}).keys())
    for name, service in compose["services"].items():
        for volume in service.get("volumes", []):
            source = volume.split(":", 1)[0] if isinstance(volume, str) else volume.get("source", "")
            if not source.startswith((".", "/")) and source not in declared_volumes:
                problems.append("%s uses the undeclared volume %r" % (name, source))
        for key in (service.get("environment") or {}):
            if re.search(r"API_KEY|PASSWORD|TOKEN|SECRET", key):
                problems.append("%s sets the secret %s in the file; it belongs in the env file" % (name, key))
        if "build" in service:
            build = service["build"]
            context = (COMPOSE.parent / build["context"]).resolve()
            if not (context / build["dockerfile"]).is_file():
                problems.append("%s builds from a missing %s" % (name, context / build["dockerfile"]))
    bots = {name: service for name, service in compose["services"].items() if service.get("image", "").startswith("gifbot")}
    if "gifbot" not in bots:
        problems.append("no `gifbot` service")
    for name, service in bots.items():
        if service.get("healthcheck", {}).get("test") != ["CMD", "gifbot", "health"]:
            problems.append("%s: the health check is not `gifbot health`" % name)
        if service.get("restart") not in ("unless-stopped", "always", "on-failure"):
            problems.append("%s: no restart policy" % name)
        if not any(str(volume).endswith(":/data") for volume in service.get("volumes", [])):
            problems.append("%s: /data is not a named volume" % name)
        env_files = service.get("env_file")
        env_files = [env_files] if isinstance(env_files, str) else env_files or []
        if env_files != ["gifbot.env"]:
            problems.append("%s: secrets should come from env_file gifbot.env, not %r" % (name, env_files))
    if not (DEPLOYMENT / "gifbot.env.example").is_file():
        problems.append("Deployment/gifbot.env.example (the template of gifbot.env) is missing")
    profiles = {profile for service in compose["services"].values() for profile in service.get("profiles", [])}
    for wanted in ("postgres", "irc-demo"):
        if wanted not in profiles:
            problems.append("no %r profile" % wanted)
    return problems


# --- Kubernetes ---------------------------------------------------------------------------------

KUBERNETES = DEPLOYMENT / "kubernetes"


def kubernetes_files():
    return sorted(KUBERNETES.glob("*.yaml")) + sorted(KUBERNETES.glob("*.yaml.example"))


def kubernetes_resources():
    return {(resource["kind"], resource["metadata"]["name"]): resource
            for path in kubernetes_files() for resource in load_yaml_documents(path)}


@check("kubernetes/: every manifest matches the Kubernetes API schema (strict: no unknown field)")
def kubernetes_schema():
    problems = []
    files = kubernetes_files()
    if not files:
        return ["no manifests in %s" % KUBERNETES]
    for path in files:
        for resource in load_yaml_documents(path):
            for version in KUBERNETES_VERSIONS:
                try:
                    kubernetes_validate.validate(resource, version, strict=True)
                except kubernetes_validate.ValidationError as error:
                    location = ".".join(str(part) for part in error.path)
                    problems.append("%s (%s, Kubernetes %s): %s: %s" % (path.name, resource.get("kind"), version, location, error.message))
                except Exception as error:
                    problems.append("%s (%s, Kubernetes %s): %s" % (path.name, resource.get("kind"), version, error))
    return problems


@check("kubernetes/: one replica, Recreate, PVC, probes, resources, locked-down security context")
def kubernetes_semantics():
    problems = []
    resources = kubernetes_resources()
    deployment = resources.get(("Deployment", "gifbot"))
    if deployment is None:
        return ["no Deployment named gifbot"]
    spec = deployment["spec"]
    if spec.get("replicas") != 1:
        problems.append("replicas must be 1 (SQLite has one writer)")
    if spec.get("strategy", {}).get("type") != "Recreate":
        problems.append("strategy must be Recreate (the old pod closes the database first)")
    pod = spec["template"]["spec"]
    pod_security = pod.get("securityContext", {})
    if pod_security.get("runAsNonRoot") is not True or pod_security.get("seccompProfile", {}).get("type") != "RuntimeDefault":
        problems.append("pod securityContext needs runAsNonRoot and seccompProfile RuntimeDefault")
    volumes = {volume["name"]: volume for volume in pod.get("volumes", [])}
    claims = {volume["persistentVolumeClaim"]["claimName"] for volume in volumes.values() if "persistentVolumeClaim" in volume}
    for claim in claims:
        if ("PersistentVolumeClaim", claim) not in resources:
            problems.append("the PVC %s is not among the manifests" % claim)
    config_maps = {volume["configMap"]["name"] for volume in volumes.values() if "configMap" in volume}
    for name in config_maps:
        if ("ConfigMap", name) not in resources:
            problems.append("the ConfigMap %s is not among the manifests" % name)
    container = pod["containers"][0]
    mounts = {mount["mountPath"]: mount["name"] for mount in container.get("volumeMounts", [])}
    if mounts.get("/data") not in {name for name, volume in volumes.items() if "persistentVolumeClaim" in volume}:
        problems.append("/data is not on the PersistentVolumeClaim")
    security = container.get("securityContext", {})
    wanted = {"allowPrivilegeEscalation": False, "readOnlyRootFilesystem": True, "runAsNonRoot": True}
    for key, value in wanted.items():
        if security.get(key) is not value:
            problems.append("container securityContext.%s must be %s" % (key, value))
    if security.get("capabilities", {}).get("drop") != ["ALL"]:
        problems.append("container securityContext must drop ALL capabilities")
    for probe, path in (("livenessProbe", "/healthz"), ("readinessProbe", "/readyz")):
        if container.get(probe, {}).get("httpGet", {}).get("path") != path:
            problems.append("%s must GET %s" % (probe, path))
    limits = container.get("resources", {})
    for kind in ("requests", "limits"):
        if "memory" not in limits.get(kind, {}):
            problems.append("resources.%s.memory is missing" % kind)
    for source in container.get("envFrom", []):
        name = source.get("secretRef", {}).get("name")
        if name and ("Secret", name) not in resources:
            problems.append("the Secret %s has no template among the manifests" % name)
    service = resources.get(("Service", "gifbot-ops"))
    if service is None or service["spec"]["selector"] != spec["selector"]["matchLabels"]:
        problems.append("the gifbot-ops Service must select the Deployment's pods")
    return problems


@check("kubernetes/: a NetworkPolicy lets only chosen sources reach the bot, and only on the ops port")
def kubernetes_network_policy():
    problems = []
    resources = kubernetes_resources()
    deployment = resources.get(("Deployment", "gifbot"))
    if deployment is None:
        return ["no Deployment named gifbot"]
    pod_labels = deployment["spec"]["template"]["metadata"].get("labels", {})
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    ops_ports = [port for port in container.get("ports", []) if port.get("name") == "ops"]
    if not ops_ports:
        return ["the container names no port `ops`"]
    allowed_ports = {"ops", ops_ports[0]["containerPort"]}
    policies = [resource for (kind, _), resource in resources.items() if kind == "NetworkPolicy"]
    selecting = [policy for policy in policies
                 if (policy["spec"].get("podSelector", {}).get("matchLabels") or {}).items() <= pod_labels.items()
                 and not policy["spec"].get("podSelector", {}).get("matchExpressions")]
    if not selecting:
        return ["no NetworkPolicy selects the Deployment's pods (labels %r)" % pod_labels]
    for policy in selecting:
        name = policy["metadata"]["name"]
        spec = policy["spec"]
        if "Ingress" not in spec.get("policyTypes", []):
            problems.append("%s: policyTypes lacks Ingress, so incoming traffic is not restricted" % name)
        for index, rule in enumerate(spec.get("ingress", [])):
            if not rule.get("from"):
                problems.append("%s: ingress rule %d has no `from`: every source may connect" % (name, index))
            for peer in rule.get("from", []):
                if not peer.get("podSelector") and not peer.get("namespaceSelector") and not peer.get("ipBlock"):
                    problems.append("%s: ingress rule %d has an empty peer" % (name, index))
                block = peer.get("ipBlock", {}).get("cidr", "")
                if block in ("0.0.0.0/0", "::/0"):
                    problems.append("%s: ingress rule %d lets the whole internet in (%s)" % (name, index, block))
                for selector in ("podSelector", "namespaceSelector"):
                    if selector in peer and not peer[selector]:
                        problems.append("%s: ingress rule %d has an empty %s: it matches everything" % (name, index, selector))
            ports = rule.get("ports", [])
            if not ports:
                problems.append("%s: ingress rule %d opens every port; open only the ops port" % (name, index))
            for port in ports:
                if port.get("port") not in allowed_ports or "endPort" in port:
                    problems.append("%s: ingress rule %d opens %r, not the ops port" % (name, index, port.get("port")))
    annotations = deployment["spec"]["template"]["metadata"].get("annotations", {})
    scrape_port = annotations.get("prometheus.io/port")
    if scrape_port is not None and int(scrape_port) != ops_ports[0]["containerPort"]:
        problems.append("prometheus.io/port %s is not the ops port %d" % (scrape_port, ops_ports[0]["containerPort"]))
    return problems


@check("kubernetes/: the ConfigMap holds a YAML config without secrets; the Secret is a template")
def kubernetes_config_and_secret():
    problems = []
    resources = kubernetes_resources()
    config_map = resources.get(("ConfigMap", "gifbot-config"))
    if config_map is None:
        return ["no ConfigMap gifbot-config"]
    config = yaml.safe_load(config_map["data"]["gifbot.yaml"])
    flat = json.dumps(config)
    if re.search(r'"(api_key|password|sasl_password|access_token)"', flat):
        problems.append("the config file in the ConfigMap holds a secret key; secrets go in the Secret")
    secrets = [resource for (kind, _), resource in resources.items() if kind == "Secret"]
    for secret in secrets:
        for key, value in (secret.get("stringData") or {}).items():
            if not str(value).startswith("your-"):
                problems.append("the Secret template holds a value for %s that is not a placeholder" % key)
    if any(path.suffix == ".yaml" and any(resource.get("kind") == "Secret" for resource in load_yaml_documents(path))
           for path in KUBERNETES.glob("*.yaml")):
        problems.append("a Secret is in a .yaml file: `kubectl apply -f` would overwrite the real one")
    return problems


# --- systemd ------------------------------------------------------------------------------------

UNIT = DEPLOYMENT / "gifbot.service"


@check("gifbot.service passes systemd-analyze verify without a warning")
def systemd_verify():
    if shutil.which("systemd-analyze") is None:
        return ["systemd-analyze is not installed (scripts/install-test-deps installs systemd)"]
    # verify wants the ExecStart binary to exist: point a copy of the unit at a placeholder.
    with tempfile.TemporaryDirectory() as scratch:
        binary = Path(scratch) / "gifbot"
        binary.write_text("#!/bin/sh\n")
        binary.chmod(0o755)
        unit = Path(scratch) / "gifbot.service"
        unit.write_text(UNIT.read_text().replace("/usr/local/bin/gifbot", str(binary)))
        status, output = run_tool("systemd-analyze", "verify", "--man=no", str(unit))
        problems = [] if status == 0 and not output.strip() else [output.strip() or "exit status %d" % status]
        # An exposure of at most 2.0 ("OK") out of 10; a lost hardening option raises it.
        status, output = run_tool("systemd-analyze", "security", "--offline=true", "--threshold=20", str(unit))
        if status != 0:
            problems.append("systemd-analyze security: " + output.strip().splitlines()[-1])
    return problems


@check("gifbot.service: DynamicUser, StateDirectory, ProtectSystem=strict, NoNewPrivileges, EnvironmentFile, SWIFT_BACKTRACE")
def systemd_directives():
    settings = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.lstrip().startswith(("#", ";")):
            key, value = line.split("=", 1)
            settings.setdefault(key.strip(), []).append(value.strip())
    wanted = {"DynamicUser": "yes", "StateDirectory": "gifbot", "ProtectSystem": "strict", "NoNewPrivileges": "yes", "KillSignal": "SIGTERM"}
    problems = ["%s=%s is missing" % (key, value) for key, value in wanted.items() if value not in settings.get(key, [])]
    if not settings.get("EnvironmentFile"):
        problems.append("no EnvironmentFile for the secrets")
    if not any(value.startswith("DATABASE_URL=%S/gifbot/") for value in settings.get("Environment", [])):
        problems.append("DATABASE_URL is not under the state directory (%S/gifbot/)")
    problems += backtracer_problems("gifbot.service", [value for value in settings.get("Environment", []) if value.startswith("SWIFT_BACKTRACE=")])
    return problems



# --- Grafana dashboard ----------------------------------------------------------------------------

DASHBOARD = DEPLOYMENT / "grafana-dashboard.json"


def dashboard_targets(dashboard):
    for panel in dashboard.get("panels", []):
        for nested in [panel] + panel.get("panels", []):
            for target in nested.get("targets", []):
                yield nested, target


def declared_metric_names():
    """Every `"gifbot_..."` string literal in Sources/**/*Metric*.swift (MetricName,
    SourceMetrics, ...): the names the binary exports."""
    names = set()
    for path in (ROOT / "Sources").rglob("*Metric*.swift"):
        names.update(re.findall(r'"(gifbot_[a-z0-9_]+)"', path.read_text()))
    return names


@check("grafana-dashboard.json: importable dashboard with a Prometheus data source variable")
def dashboard_structure():
    problems = []
    dashboard = json.loads(DASHBOARD.read_text())
    for key in ("title", "uid", "schemaVersion", "panels", "templating"):
        if key not in dashboard:
            problems.append("no %r" % key)
    if dashboard.get("id") not in (None,) and "id" in dashboard:
        problems.append("a fixed dashboard id stops the import into another Grafana; leave it out")
    variables = {variable["name"]: variable for variable in dashboard.get("templating", {}).get("list", [])}
    source = variables.get("datasource", {})
    if source.get("type") != "datasource" or source.get("query") != "prometheus":
        problems.append("no `datasource` variable of type datasource for prometheus")
    ids = [panel.get("id") for panel in dashboard.get("panels", [])]
    if len(ids) != len(set(ids)) or None in ids:
        problems.append("panel ids must be present and unique")
    for panel in dashboard.get("panels", []):
        grid = panel.get("gridPos", {})
        if not all(isinstance(grid.get(key), int) for key in ("h", "w", "x", "y")) or grid.get("x", 0) + grid.get("w", 0) > 24:
            problems.append("panel %r: bad gridPos %r" % (panel.get("title"), grid))
        if panel.get("type") != "row" and panel.get("datasource", {}).get("uid") != "${datasource}":
            problems.append("panel %r does not use the ${datasource} variable" % panel.get("title"))
    if not any(True for _ in dashboard_targets(dashboard)):
        problems.append("no queries")
    return problems


@check("grafana-dashboard.json: every query parses (promtool) and names a metric the bot exports")
def dashboard_queries():
    if shutil.which("promtool") is None:
        return ["promtool is not installed (scripts/install-test-deps installs prometheus)"]
    dashboard = json.loads(DASHBOARD.read_text())
    problems = set()
    exported = declared_metric_names()
    if not exported:
        # A tree from before the metrics work: only the syntax can be checked.
        print("       (no gifbot_ metric declared in Sources/**/*Metric*.swift: names not cross-checked)")
    rules = []
    for panel, target in dashboard_targets(dashboard):
        expression = target.get("expr", "")
        # Grafana's variables, as Grafana would substitute them.
        concrete = expression.replace("$__rate_interval", "5m").replace("$job", ".*").replace("$instance", ".*")
        rules.append({"record": "gifbot:dashboard:query%d" % len(rules), "expr": concrete})
        for metric in set(re.findall(r"\b(gifbot_[a-z0-9_]+)", expression)):
            base = re.sub(r"_(bucket|sum|count)$", "", metric)
            if exported and metric not in exported and base not in exported:
                problems.add("%s is queried (panel %r) but not exported by the bot" % (metric, panel.get("title")))
    with tempfile.NamedTemporaryFile("w", suffix=".yaml") as rule_file:
        yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}, rule_file)
        rule_file.flush()
        status, output = run_tool("promtool", "check", "rules", rule_file.name)
        if status != 0:
            problems.add(output.strip())
    return sorted(problems)


# --- Dockerfile -----------------------------------------------------------------------------------

DOCKERFILE = DEPLOYMENT / "Dockerfile"


@check("Dockerfile: base images as build args, both targets, non-root, /data, SIGTERM, HEALTHCHECK, OCI labels, backtracer")
def dockerfile_promises():
    text = DOCKERFILE.read_text()
    instructions = re.sub(r"\\\n", " ", "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#")))
    wanted = [
        (r"^ARG SWIFT_IMAGE=", "ARG SWIFT_IMAGE"),
        (r"^ARG RUNTIME_IMAGE=", "ARG RUNTIME_IMAGE"),
        (r"^FROM \$\{SWIFT_IMAGE\} AS build$", "a builder stage FROM ${SWIFT_IMAGE}"),
        (r"^RUN scripts/build-release --product gifbot", "the release build of scripts/build-release"),
        (r"^COPY scripts/build-release scripts/icu-data ", "the ICU data script the release build runs"),
        (r"^FROM \$\{RUNTIME_IMAGE\} AS runtime-files$", "the runtime's files FROM ${RUNTIME_IMAGE}"),
        (r"ca-certificates tzdata", "CA certificates and time zones"),
        (r"^FROM scratch AS runtime-base$", "a runtime base with only those files"),
        (r"^FROM runtime-base AS runtime-prebuilt$", "the runtime-prebuilt target"),
        (r"^FROM runtime-base AS runtime$", "the runtime target"),
        (r"^USER 10001:10001$", "USER 10001:10001"),
        (r'^VOLUME \["/data"\]$', "VOLUME /data"),
        (r"^ENV .*DATABASE_URL=/data/gifbot\.sqlite", "DATABASE_URL on /data"),
        (r"^STOPSIGNAL SIGTERM$", "STOPSIGNAL SIGTERM"),
        (r'^HEALTHCHECK .*CMD \["gifbot", "health"\]$', "HEALTHCHECK gifbot health"),
        (r"org\.opencontainers\.image\.source=", "label source"),
        (r"org\.opencontainers\.image\.version=\"\$\{VERSION\}\"", "label version from ARG VERSION"),
        (r"org\.opencontainers\.image\.licenses=", "label licenses"),
    ]
    problems = ["missing: %s" % what for pattern, what in wanted if not re.search(pattern, instructions, re.MULTILINE)]
    # The files of Deployment/ that the release link reads (`leanReleaseLinking` in Package.swift:
    # the link order, the linker script) are in the builder's context.
    copied = " ".join(re.findall(r"^COPY (.*)$", instructions, re.MULTILINE))
    for name in re.findall(r'deployment \+ "([^"]+)"', (ROOT / "Package.swift").read_text()):
        if "Deployment/" + name not in copied.split():
            problems.append("the builder does not copy Deployment/%s, which the release link reads" % name)
    # The crash backtracer: built for static-stdlib binaries, in both runtime targets, and named
    # by SWIFT_BACKTRACE.
    if not re.search(r"swift-backtrace-static", instructions):
        problems.append("the builder does not take the toolchain's swift-backtrace-static")
    for stage in ("runtime-prebuilt", "runtime"):
        body = re.search(r"^FROM runtime-base AS %s$([\s\S]*?)(?=^FROM |\Z)" % stage, instructions, re.MULTILINE)
        if body is None or not re.search(r"^COPY .*swift-backtrace %s$" % re.escape(BACKTRACER), body.group(1), re.MULTILINE):
            problems.append("the %s target does not copy the backtracer to %s" % (stage, BACKTRACER))
    problems += backtracer_problems("Dockerfile", re.findall(r"\bSWIFT_BACKTRACE=\S+", instructions))
    if instructions.strip().splitlines()[-1:] and not re.search(r"^FROM runtime-base AS runtime$(?![\s\S]*^FROM )", instructions, re.MULTILINE):
        problems.append("the last stage must be `runtime`, so a plain `docker build` builds it")
    return problems


failed = sum(1 for _, problems in results if problems)
print("validate-deployment: %d passed, %d failed" % (len(results) - failed, failed))
sys.exit(1 if failed else 0)
