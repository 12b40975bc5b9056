export function Placeholder({ title }: { title: string }) {
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="subdued">This area is not part of this build yet.</p>
    </div>
  );
}
