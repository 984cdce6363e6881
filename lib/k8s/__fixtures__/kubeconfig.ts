/**
 * A kubeconfig as kubectl writes one, with `user` as its current user's fields (indented four spaces). Its cluster
 * names a CA file, which memdash never reads: the write uses the read cluster's CA.
 */
export const kubeconfigText = (user: string, server = 'https://10.0.0.1:6443') => `apiVersion: v1
kind: Config
clusters:
- name: c
  cluster:
    server: ${server}
    certificate-authority: /etc/ssl/certs/ca-certificates.crt
users:
- name: u
  user:
${user}
contexts:
- name: x
  context: {cluster: c, user: u, namespace: default}
current-context: x
`;
