'use client';

// The same as every page's, inside the cluster's layout: a page that failed keeps the cluster's header.
export { default } from '../../error';
