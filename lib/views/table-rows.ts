// The table's rows as /table and GET /api/table send them (the wire format is lib/domain/table-rows-sent).
import { packRows, type ParsedTable, type TableRowSent, type TableRowsAnswer } from '@/lib/domain';

type Parsed = Pick<ParsedTable, 'rows' | 'malformed'>;

const malformedSent = (parsed: Parsed): TableRowSent[] => parsed.malformed.map(({ key, value, problem }) => ({ key, value, problem }));

/** The answer for a parsed table. */
export function tableRowsAnswer(parsed: Parsed): TableRowsAnswer {
  return { packed: packRows(Object.values(parsed.rows)), malformed: malformedSent(parsed) };
}

/** Every row of a parsed table as sent, malformed ones last: what rowsOfAnswer reads back from its answer. */
export function rowsOfTable(parsed: Parsed): TableRowSent[] {
  return [...Object.values(parsed.rows).map(({ key, value }) => ({ key, value })), ...malformedSent(parsed)];
}
