import { Link } from '@/components/ui/Link';

export default function NotFound() {
  return (
    <section className="rounded border border-zinc-300 bg-white p-4">
      <h1 className="text-base font-semibold">No such page</h1>
      <p className="mt-1">
        <Link href="/">Home</Link> · <Link href="/pods">Pods</Link> · or press Ctrl K to jump to a pod or workload.
      </p>
    </section>
  );
}
