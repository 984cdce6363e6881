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
