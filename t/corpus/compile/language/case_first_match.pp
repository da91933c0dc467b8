case 5 {
  Integer: { notify { 'integer': } }
  5: { notify { 'five': } }
  default: { notify { 'default': } }
}
