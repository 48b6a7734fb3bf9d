// Errors every door knows how to answer, apart from the schemas so that a door can tell them
// apart without loading the whole contract.

/** A request the contract rejects: the door answers with this message, naming the field. */
export class BadRequest extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadRequest';
  }
}
