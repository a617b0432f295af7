import CloseIcon from '@mui/icons-material/Close';
import CheckIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BORDER_RADIUS_RANGE,
  DRAWER_TYPE,
  FONT_FAMILIES,
  LAYOUT,
  PRESET_COLORS,
  type DrawerType,
  type LayoutType,
  type NavType,
  type PresetColor,
} from '@portal/config';
import { LANGUAGES, i18nStore, isLanguage, presetPalettes, useDisplaySettings, useLanguage, useT } from '@portal/ui';
import { languageMenuItems } from '@portal/ui/form';
import type { ReactNode } from 'react';

type Props = { open: boolean; onClose: () => void };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ px: 3, py: 2 }}>
      <Typography variant="h4" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Box>
  );
}

function Choice<T extends string>({ label, name, value, options, onChange }: { label: string; name: string; value: T; options: { value: T; label: string }[]; onChange: (v: T) => void }) {
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={`${name}-label`}>
        {label}
      </FormLabel>
      <RadioGroup row name={name} aria-labelledby={`${name}-label`} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio size="small" />} label={o.label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** A round colour swatch as the radio's icon; the radio itself keeps the label for screen readers. */
function Swatch({ preset, checked }: { preset: PresetColor; checked: boolean }) {
  const colors = presetPalettes[preset].light;
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: 36,
        height: 36,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        background: `linear-gradient(135deg, ${colors.primary.main} 50%, ${colors.secondary.main} 50%)`,
        outline: checked ? 2 : 0,
        outlineColor: 'text.primary',
        outlineOffset: 2,
      }}
    >
      {checked ? <CheckIcon sx={{ color: '#fff', fontSize: 18 }} /> : null}
    </Box>
  );
}

/** The display-settings panel (spec section 1): every change applies at once and is kept in berry-config. */
export function CustomizationPanel({ open, onClose }: Props) {
  const t = useT();
  const s = useDisplaySettings();
  const language = useLanguage();

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 340 } }, 'aria-labelledby': 'display-settings-title', role: 'dialog' } as object }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 3, py: 2 }}>
        <Typography id="display-settings-title" variant="h3" component="h2">
          {t('settings.title')}
        </Typography>
        <IconButton aria-label={t('settings.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto', flexGrow: 1 }}>
        <Section title={t('settings.sectionLayout')}>
          <Choice<LayoutType>
            label={t('settings.layout')}
            name="layout"
            value={s.layout}
            onChange={s.setLayout}
            options={[
              { value: LAYOUT.vertical, label: t('settings.layoutVertical') },
              { value: LAYOUT.horizontal, label: t('settings.layoutHorizontal') },
            ]}
          />
          <Choice<DrawerType>
            label={t('settings.drawerType')}
            name="drawerType"
            value={s.drawerType}
            onChange={s.setDrawerType}
            options={[
              { value: DRAWER_TYPE.default, label: t('settings.drawerDefault') },
              { value: DRAWER_TYPE.miniDrawer, label: t('settings.drawerMini') },
            ]}
          />
          <Choice<'ltr' | 'rtl'>
            label={t('settings.direction')}
            name="direction"
            value={s.rtlLayout ? 'rtl' : 'ltr'}
            onChange={(v) => s.setRtlLayout(v === 'rtl')}
            options={[
              { value: 'ltr', label: t('settings.ltr') },
              { value: 'rtl', label: t('settings.rtl') },
            ]}
          />
          <FormControlLabel control={<Switch checked={s.container} onChange={(e) => s.setContainer(e.target.checked)} />} label={t('settings.container')} />
        </Section>
        <Divider />
        <Section title={t('settings.sectionTheme')}>
          <Choice<NavType>
            label={t('settings.navType')}
            name="navType"
            value={s.navType}
            onChange={s.setNavType}
            options={[
              { value: 'light', label: t('settings.navLight') },
              { value: 'dark', label: t('settings.navDark') },
            ]}
          />
          <FormControl component="fieldset">
            <FormLabel component="legend" id="presetColor-label">
              {t('settings.presetColor')}
            </FormLabel>
            <RadioGroup row name="presetColor" aria-labelledby="presetColor-label" value={s.presetColor} onChange={(e) => s.setPresetColor(e.target.value as PresetColor)} sx={{ gap: 0.5 }}>
              {PRESET_COLORS.map((preset, index) => (
                <Radio
                  key={preset}
                  value={preset}
                  inputProps={{ 'aria-label': index === 0 ? t('settings.presetDefault') : t('settings.presetTheme', { n: index }) }}
                  icon={<Swatch preset={preset} checked={false} />}
                  checkedIcon={<Swatch preset={preset} checked />}
                  sx={{ p: 0.5 }}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <Choice<string>
            label={t('settings.font')}
            name="fontFamily"
            value={s.fontFamily}
            onChange={s.setFontFamily}
            options={FONT_FAMILIES.map((f) => ({ value: f.value, label: f.label }))}
          />
          <Box>
            <Typography id="borderRadius-label" variant="body2" color="text.secondary" gutterBottom>
              {t('settings.borderRadius')}
            </Typography>
            <Slider
              aria-labelledby="borderRadius-label"
              value={s.borderRadius}
              min={BORDER_RADIUS_RANGE.min}
              max={BORDER_RADIUS_RANGE.max}
              step={BORDER_RADIUS_RANGE.step}
              marks
              valueLabelDisplay="auto"
              onChange={(_e, value) => s.setBorderRadius(value as number)}
              sx={{ mx: 1, width: 'calc(100% - 16px)' }}
            />
          </Box>
          <FormControlLabel
            control={<Switch checked={s.outlinedFilled} onChange={(e) => s.setOutlinedFilled(e.target.checked)} />}
            label={t('settings.outlinedFilled')}
          />
          <TextField
            select
            size="small"
            label={t('settings.language')}
            value={language}
            onChange={(e) => {
              if (!isLanguage(e.target.value)) return;
              i18nStore.getState().setLanguage(e.target.value);
              s.setLocale(e.target.value);
            }}
          >
            {languageMenuItems(LANGUAGES)}
          </TextField>
        </Section>
      </Box>
      <Divider />
      <Box sx={{ p: 2 }}>
        <Button fullWidth variant="outlined" onClick={() => s.resetSettings()}>
          {t('settings.reset')}
        </Button>
      </Box>
    </Drawer>
  );
}
