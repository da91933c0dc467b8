# @summary Nothing to manage: the types and functions are what is shared.
class common {
}
