# @summary A TCP or UDP port number.
type Common::Port = Integer[1, 65535]
