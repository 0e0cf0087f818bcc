; The Windows installer of Matador, Matador-VERSION-windows-x64-setup.exe.
; packaging/make_installer.py runs makensis on this file with these defines:
;   VERSION   pyproject's version (0.1.0)       VERSION4  the same as four numbers (0.1.0.0)
;   FILES     the built folder's files (dist/Matador/*)
;   ICON      sprites/matador.ico                OUTFILE   where the installer goes
;
; For one player, with no administrator prompt: into %LOCALAPPDATA%\Programs\Matador, a
; Start menu shortcut, and a desktop shortcut if asked (the Components page, or /DESKTOP
; on the command line; an upgrade keeps one that is there). An entry in Apps & features
; (version, publisher, icon, size, uninstaller). /S installs silently; /D=FOLDER (last)
; picks another folder.
;
; The player's files (saved match, past matches, statistics, settings, log) are in
; %LOCALAPPDATA%\Matador, never in the program's folder: an upgrade replaces only the
; program's files, and the uninstaller removes the player's files only when its box
; "Also delete my saved match..." is ticked (never with /S).
;
; A 64-bit installer (amd64-unicode: Debian's and Ubuntu's nsis packages have its stubs)
; for the 64-bit game, which also lets 64-bit Wine run it in CI (.ci/windows_wine.sh).

!ifndef VERSION | VERSION4 | FILES | ICON | OUTFILE
  !error "run through packaging/make_installer.py, which defines VERSION, VERSION4, FILES, ICON and OUTFILE"
!endif

Unicode true
Target amd64-unicode
ManifestDPIAware true
RequestExecutionLevel user

!define APP "Matador"
!define PUBLISHER "Matador"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Matador"
!define PLAYER_FILES "$LOCALAPPDATA\Matador"

Name "${APP}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
SetCompressor /SOLID lzma
SetCompressorDictSize 32
BrandingText "${APP} ${VERSION}"

!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "LogicLib.nsh"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_NODESC
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP}.exe"

!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH

!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_COMPONENTS
!insertmacro MUI_UNPAGE_INSTFILES

; The first is the default; otherwise the installer speaks the system's language.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Dutch"
!insertmacro MUI_LANGUAGE "German"
!insertmacro MUI_LANGUAGE "Spanish"
!insertmacro MUI_LANGUAGE "PortugueseBR"

; The installer's own words (the pages' other words are NSIS's own translations).
; Glossaries: the top of game/locale/LANG/LC_MESSAGES/matador.po (match = partij, Partie,
; partida).
LangString DESKTOP_SHORTCUT ${LANG_ENGLISH} "Shortcut on the desktop"
LangString DESKTOP_SHORTCUT ${LANG_DUTCH} "Snelkoppeling op het bureaublad"
LangString DESKTOP_SHORTCUT ${LANG_GERMAN} "Verknüpfung auf dem Desktop"
LangString DESKTOP_SHORTCUT ${LANG_SPANISH} "Acceso directo en el escritorio"
LangString DESKTOP_SHORTCUT ${LANG_PORTUGUESEBR} "Atalho na área de trabalho"
LangString REMOVE_PLAYER_FILES ${LANG_ENGLISH} "Also delete my saved match, past matches, statistics and settings"
LangString REMOVE_PLAYER_FILES ${LANG_DUTCH} "Ook mijn opgeslagen partij, eerdere partijen, statistieken en instellingen verwijderen"
LangString REMOVE_PLAYER_FILES ${LANG_GERMAN} "Auch meine gespeicherte Partie, frühere Partien, Statistik und Einstellungen löschen"
LangString REMOVE_PLAYER_FILES ${LANG_SPANISH} "Borrar también mi partida guardada, las partidas jugadas, las estadísticas y los ajustes"
LangString REMOVE_PLAYER_FILES ${LANG_PORTUGUESEBR} "Apagar também minha partida salva, as partidas jogadas, as estatísticas e as configurações"

VIProductVersion "${VERSION4}"
VIFileVersion "${VERSION4}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductName" "${APP}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileDescription" "${APP} ${VERSION} setup"
VIAddVersionKey /LANG=${LANG_ENGLISH} "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "LegalCopyright" "MIT License"

Section "!${APP}" SEC_PROGRAM
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; An upgrade replaces the program's files: what the last version had and this one has
  ; not goes. Nothing else in the folder is touched.
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${APP}.exe"
  File /r "${FILES}"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\${APP}.exe"

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${APP}.exe"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" "$0"
SectionEnd

Section /o "$(DESKTOP_SHORTCUT)" SEC_DESKTOP
  CreateShortcut "$DESKTOP\${APP}.lnk" "$INSTDIR\${APP}.exe"
SectionEnd

Function .onInit
  ; /DESKTOP asks for the desktop shortcut (with /S too); an upgrade keeps the one there is.
  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/DESKTOP" $R1
  ${IfNot} ${Errors}
  ${OrIf} ${FileExists} "$DESKTOP\${APP}.lnk"
    SectionSetFlags ${SEC_DESKTOP} ${SF_SELECTED}
  ${EndIf}
FunctionEnd

Section "un.${APP}" SEC_UN_PROGRAM
  SectionIn RO
  Delete "$SMPROGRAMS\${APP}.lnk"
  Delete "$DESKTOP\${APP}.lnk"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${APP}.exe"
  Delete "$INSTDIR\uninstall.exe"
  ; Only if empty: a folder the player chose may hold other things.
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd

Section /o "un.$(REMOVE_PLAYER_FILES)" SEC_UN_PLAYER_FILES
  RMDir /r "${PLAYER_FILES}"
SectionEnd
