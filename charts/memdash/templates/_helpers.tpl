{{- define "memdash.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}{{ .Release.Name | trunc 63 | trimSuffix "-" }}{{- else -}}{{ printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" }}{{- end -}}
{{- end -}}

{{- define "memdash.labels" -}}
app.kubernetes.io/name: memdash
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "memdash.selector" -}}
app.kubernetes.io/name: memdash
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* The Hosts memdash answers: the setting's, the Service's names, the Ingress host; the pod IP is added in the pod. */}}
{{- define "memdash.allowedHosts" -}}
{{- $name := include "memdash.fullname" . -}}
{{- $hosts := list $name (printf "%s.%s" $name .Release.Namespace) (printf "%s.%s.svc" $name .Release.Namespace) (printf "%s.%s.svc.cluster.local" $name .Release.Namespace) -}}
{{- if .Values.ingress.enabled }}{{ $hosts = append $hosts .Values.ingress.host }}{{ end -}}
{{- with .Values.settings.MEMDASH_ALLOWED_HOSTS }}{{ $hosts = concat (splitList "," .) $hosts }}{{ end -}}
{{- join "," $hosts -}}
{{- end -}}

{{/* The sign-in mode; an Ingress with none is refused, since it would let everyone who reaches the host read, and so
is writing as the person outside oidc (memdash starts refusing it; the chart says so before anything is installed). */}}
{{- define "memdash.auth" -}}
{{- $mode := .Values.settings.MEMDASH_AUTH | default "none" -}}
{{- if and .Values.ingress.enabled (eq $mode "none") -}}
{{- fail "ingress.enabled with settings.MEMDASH_AUTH none would let everyone who reaches the host read every page: set settings.MEMDASH_AUTH to oidc or proxy (docs/sign-in.md)" -}}
{{- end -}}
{{- if and (eq (toString .Values.settings.MEMDASH_WRITE_AS_USER) "on") (ne $mode "oidc") -}}
{{- fail "settings.MEMDASH_WRITE_AS_USER on needs settings.MEMDASH_AUTH oidc: only then does memdash hold the person's own ID token (docs/sign-in.md)" -}}
{{- end -}}
{{- $mode -}}
{{- end -}}

{{/* Where a remote cluster's kubeconfig Secret is mounted, read-only: the path its entry of MEMDASH_CLUSTERS names. */}}
{{- define "memdash.kubeconfigDir" -}}
/etc/memdash/clusters/{{ . }}
{{- end -}}

{{/* MEMDASH_CLUSTERS' file, built from `clusters` and checked here first, so that a mistake stops `helm install`
rather than the pods (memdash checks the file again at start: lib/cluster/config.ts). Each message names the entry. */}}
{{- define "memdash.clustersFile" -}}
{{- $allowed := list "name" "inCluster" "existingSecret" "secretKey" "context" "prometheus" "facts" "identity" -}}
{{- $names := dict -}}
{{- $inCluster := "" -}}
{{- $entries := list -}}
{{- if .Values.settings.MEMDASH_CLUSTERS -}}
{{- fail "clusters and settings.MEMDASH_CLUSTERS: set one; with clusters the chart writes MEMDASH_CLUSTERS' file itself" -}}
{{- end -}}
{{- range $i, $c := .Values.clusters -}}
{{- if not (kindIs "map" $c) -}}
{{- fail (printf "clusters[%d]: an entry is a map with a name" $i) -}}
{{- end -}}
{{- $name := toString ($c.name | default "") -}}
{{- if not (regexMatch "^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$" $name) -}}
{{- fail (printf "clusters[%d]: name %q must be a DNS label: lower-case letters, digits and -, at most 63" $i $name) -}}
{{- end -}}
{{- $label := printf "clusters[%d] (%s)" $i $name -}}
{{- if hasKey $names $name -}}
{{- fail (printf "%s: name: another entry has this name" $label) -}}
{{- end -}}
{{- $_ := set $names $name true -}}
{{- range $key, $_ := $c -}}
{{- if not (has $key $allowed) -}}
{{- fail (printf "%s: %s: not a field of an entry (one of %s)" $label $key (join ", " $allowed)) -}}
{{- end -}}
{{- end -}}
{{- $entry := dict "name" $name -}}
{{- if $c.inCluster -}}
{{- if or $c.existingSecret $c.context -}}
{{- fail (printf "%s: inCluster: takes no existingSecret or context (it is read with the chart's ServiceAccount)" $label) -}}
{{- end -}}
{{- if $inCluster -}}
{{- fail (printf "%s: inCluster: %s already is the cluster the chart is installed in" $label $inCluster) -}}
{{- end -}}
{{- $inCluster = $name -}}
{{- $_ := set $entry "inCluster" true -}}
{{- else -}}
{{- if not $c.existingSecret -}}
{{- fail (printf "%s: existingSecret: name the Secret holding its kubeconfig, or set inCluster: true for the cluster the chart is installed in" $label) -}}
{{- end -}}
{{- $_ := set $entry "kubeconfig" (printf "%s/kubeconfig" (include "memdash.kubeconfigDir" $name)) -}}
{{- with $c.context }}{{ $_ := set $entry "context" (toString .) }}{{ end -}}
{{- end -}}
{{- with $c.prometheus }}{{ $_ := set $entry "prometheus" . }}{{ end -}}
{{- with $c.facts }}{{ $_ := set $entry "facts" . }}{{ end -}}
{{- with $c.identity }}{{ $_ := set $entry "identity" . }}{{ end -}}
{{- $entries = append $entries $entry -}}
{{- end -}}
{{- $default := .Values.defaultCluster | default (first $entries).name -}}
{{- if not (hasKey $names $default) -}}
{{- fail (printf "defaultCluster: no entry of clusters is named %q" $default) -}}
{{- end -}}
{{- toYaml (dict "default" $default "clusters" $entries) -}}
{{- end -}}
