// Being written (issue 3): the wire shapes of the support calls.
export {};
