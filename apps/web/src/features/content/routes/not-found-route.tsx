export function Component() {
  return <h1 className="p-8">404</h1>;
}
