/**
 * The mapping between the {@code gofarm.v1} protocol messages and board-core types, and the
 * validation of every request field with messages of the form {@code field.path: problem}.
 */
package gofarm.wire;
