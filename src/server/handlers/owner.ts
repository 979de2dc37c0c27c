/**
 * Who is calling, as the backend knows it (its session or user id); `null` or `undefined` for nobody.
 * Give the same function to the session and status handlers: a transaction answers only to its creator.
 */
export type OwnerOf = (request: Request) => string | null | undefined | Promise<string | null | undefined>;
