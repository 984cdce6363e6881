// The same as the root's, inside the cluster's layout: its links and header lead on in this cluster.
export { default } from '../../not-found';
