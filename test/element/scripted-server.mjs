// Placeholder replaced by the element test suite's scripted routes.
export function scriptedStatusMiddleware(_ctx, next) {
  return next();
}
