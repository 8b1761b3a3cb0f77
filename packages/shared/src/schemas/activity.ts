// Being written (issue 3): the wire shapes of the activity calls.
export {};
