// `pg` writes each message of an extended-protocol query (Parse, Bind, Describe, Execute, Sync) to the socket
// separately: five system calls, and five wake-ups of the server, for every parameterised query. Corking the
// socket while a query is prepared sends them in one write. On the tables benchmark the separate writes were
// about a third of the service's CPU time.
/* eslint-disable @typescript-eslint/no-require-imports */
interface Corkable {
  cork(): void;
  uncork(): void;
}
interface QueryPrototype {
  prepare(connection: { stream: Corkable }): unknown;
  __coalesced?: boolean;
}

export function coalescePgWrites(): void {
  const Query = require('pg/lib/query') as { prototype: QueryPrototype };
  const proto = Query.prototype;
  if (proto.__coalesced) return;
  const prepare = proto.prepare;
  proto.prepare = function (this: QueryPrototype, connection: { stream: Corkable }) {
    connection.stream.cork();
    try {
      return prepare.call(this, connection);
    } finally {
      connection.stream.uncork();
    }
  };
  proto.__coalesced = true;
}
