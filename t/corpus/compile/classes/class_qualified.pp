class a::b::c {
  notify { 'deep': }
}
include a::b::c
