// Being written (issue 3): the wire shapes of the markets calls.
export {};
