#!/usr/bin/env python3
"""The snapshot job: the table of memory requests that Kyverno sets, from 28 days of working set in Prometheus.

The local cluster's stand-in for the chart's memory_snapshot.py (standard library only). It runs as the CronJob's
pod would: Kubernetes through the in-cluster API (service account token), Prometheus by URL.

Workloads are derived from the pod names in Prometheus's series: the pods of 28 days are mostly gone, so their
owners cannot be read any more, and the names that controllers give pods carry the workload:
  <deployment>-<pod-template-hash>-<suffix>   (hash and suffix in Kubernetes' safe alphabet)
  <cronjob>-<scheduled minute>-<suffix>, <job>-<build>-<suffix>, <jenkins job>-<build>-<suffix>
  <statefulset or cnpg cluster>-<ordinal>
  <daemonset>-<suffix>
Any other name has no workload and gives no row. p90 is the nearest-rank 90th percentile of every sample of every
pod of the workload (no interpolation), in whole MiB rounded up.
"""
import json
import math
import os
import re
import ssl
import sys
import time
import urllib.parse
import urllib.request

WINDOW_SECONDS = 28 * 86400
STEP_SECONDS = 300
QUANTILE = 0.9
MIB = 1024 * 1024
QUERY = 'container_memory_working_set_bytes{container!="",container!="POD",pod!=""}'

SAFE = "[bcdfghjklmnpqrstvwxz2456789]"
POD_NAME_PATTERNS = [
    re.compile(rf"^(.+)-[0-9]+-{SAFE}{{5}}$"),  # Job pods (CronJob runs, <job>-<build>), Jenkins agents
    re.compile(rf"^(.+)-{SAFE}{{6,10}}-{SAFE}{{5}}$"),  # ReplicaSet pods
    re.compile(r"^(.+)-[0-9]+$"),  # StatefulSet and CloudNativePG instances
    re.compile(rf"^(.+)-{SAFE}{{5}}$"),  # DaemonSet pods
]

NAMESPACE = os.environ.get("TABLE_NAMESPACE", "kyverno-prd")
NAME = os.environ.get("TABLE_NAME", "memory-requests")
TABLE = f"{NAMESPACE}/{NAME}"


class Refusal(Exception):
    """The guard leaves the table as it is."""


def workload_of(pod):
    for pattern in POD_NAME_PATTERNS:
        match = pattern.match(pod)
        if match:
            return match.group(1)
    return None


def p90_mib(values):
    ordered = sorted(values)
    rank = max(1, math.ceil(QUANTILE * len(ordered)))
    return math.ceil(ordered[rank - 1] / MIB)


def rows_from(series):
    pooled = {}
    for one in series:
        labels = one["metric"]
        workload = workload_of(labels.get("pod", ""))
        if workload is None:
            continue
        key = f'{labels["namespace"]}_{workload}_{labels["container"]}'
        pooled.setdefault(key, []).extend(float(v) for _, v in one["values"])
    return {key: f"{p90_mib(values)}Mi" for key, values in sorted(pooled.items()) if values}


def query_range(base_url, end):
    params = urllib.parse.urlencode({
        "query": QUERY, "start": end - WINDOW_SECONDS, "end": end, "step": STEP_SECONDS,
    })
    with urllib.request.urlopen(f"{base_url}/api/v1/query_range?{params}", timeout=120) as response:
        body = json.load(response)
    if body.get("status") != "success":
        raise RuntimeError(f"Prometheus answered {body.get('errorType')}: {body.get('error')}")
    return body["data"]["result"]


class Kubernetes:
    """The in-cluster API with the pod's service account token."""

    def __init__(self):
        host = os.environ["KUBERNETES_SERVICE_HOST"]
        port = os.environ.get("KUBERNETES_SERVICE_PORT", "443")
        secrets = "/var/run/secrets/kubernetes.io/serviceaccount"
        self.base = f"https://{host}:{port}"
        with open(os.environ.get("SERVICE_ACCOUNT_TOKEN_FILE", f"{secrets}/token")) as token:
            self.token = token.read().strip()
        self.context = ssl.create_default_context(cafile=os.environ.get("SERVICE_ACCOUNT_CA_FILE", f"{secrets}/ca.crt"))

    def call(self, method, path, body=None):
        request = urllib.request.Request(
            self.base + path, method=method, data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, context=self.context, timeout=30) as response:
            return json.load(response)

    def table(self):
        return self.call("GET", f"/api/v1/namespaces/{NAMESPACE}/configmaps/{NAME}")

    def replace_data(self, configmap, rows):
        """PUT with the resourceVersion read: a concurrent write fails the run instead of being lost."""
        configmap["data"] = rows
        return self.call("PUT", f"/api/v1/namespaces/{NAMESPACE}/configmaps/{NAME}?fieldManager=memory-snapshot", configmap)


def guard(rows, old):
    if not rows:
        raise Refusal("Prometheus returned no rows")
    if 2 * len(rows) < len(old):
        raise Refusal(f"{len(rows)} rows is fewer than half of the {len(old)} rows the table holds")


def main():
    prometheus = os.environ["PROMETHEUS_URL"].rstrip("/")
    kubernetes = Kubernetes()
    configmap = kubernetes.table()
    old = configmap.get("data") or {}
    print(f"table {TABLE} holds {len(old)} rows")
    end = int(time.time())
    print(f"querying {prometheus} for 28 days of container_memory_working_set_bytes at a {STEP_SECONDS} s step")
    series = query_range(prometheus, end)
    rows = rows_from(series)
    print(f"{len(series)} series, {len(rows)} rows")
    try:
        guard(rows, old)
    except Refusal as refusal:
        print(f"table {TABLE} left as it is: {refusal}")
        return 1
    kubernetes.replace_data(configmap, rows)
    new = len(rows.keys() - old.keys())
    gone = len(old.keys() - rows.keys())
    print(f"table {TABLE}: {len(rows)} rows, {new} new, {gone} gone")
    return 0


if __name__ == "__main__":
    sys.exit(main())
