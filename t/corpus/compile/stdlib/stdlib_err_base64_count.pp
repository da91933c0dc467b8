base64('encode')
