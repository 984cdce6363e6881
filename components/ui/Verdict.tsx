import { Tag } from '@/components/ui/Tag';
import { VERDICT_TONE } from '@/components/ui/tone';
import { VERDICT_WORDS, type VerdictCode } from '@/lib/domain';

/** A verdict in words, its code alongside so it can be matched with the API's answer. */
export function Verdict({ code }: { code: VerdictCode }) {
  return (
    <Tag tone={VERDICT_TONE[code]} className="" data-verdict={code}>
      {VERDICT_WORDS[code]} <code className="text-xs">{code}</code>
    </Tag>
  );
}
